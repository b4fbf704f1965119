"""Cross-check of reapcheck-run against the static check on examples/.

For each example program: compile it with debug information, run it under
reapcheck-run (the path it takes when run without arguments, as
test/examples drives it), and run process-unreaped-child on its source.
Prints one line per example:

  NAME: agree on N leaking start sites (LINES)
  NAME: DIFFER static LINES runtime LINES

Runtime sites are the file:line of each unreaped child's start; static
sites are the lines of process-unreaped-child's warnings.  When either side
sees orphaned descendants, a second line compares them: the start sites of
the program's children they come from at run time, and the kills
process-orphaned-descendants reports (a kill's line is not the start's, so
the two agree when both or neither report):

  NAME: agree on orphaned descendants (runtime LINES, static LINES)
  NAME: DIFFER orphans static LINES runtime LINES

usage: crosscheck.py REAPCHECK_RUN EXAMPLES_DIR WORK_DIR CC CXX -- TIDY...
"""
import glob
import json
import os
import re
import subprocess
import sys


def runtime_sites(run, exe, work, name):
    out = os.path.join(work, name + '.json')
    subprocess.run([run, '--json', out, '--', exe], stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)
    with open(out) as f:
        report = json.load(f)
    lines = {site_line(child['start']) for child in report['unreaped']}
    orphans = {site_line(orphan['ancestor']) for orphan in report['orphaned']}
    return lines, orphans


def site_line(start):
    if not start:
        return 'unknown'
    match = re.match(r'(.*):(\d+) in ', start['site'])
    return '%s:%s' % (os.path.basename(match.group(1)), match.group(2)) if match else start['site']


def pkg_config(*args):
    return subprocess.run(['pkg-config'] + list(args), capture_output=True, text=True,
                          check=True).stdout.split()


def library_flags(name):
    """(compile flags, link flags) of the process library an example of
    examples/libraries uses."""
    if name.startswith('glib_'):
        return pkg_config('--cflags', 'glib-2.0'), pkg_config('--libs', 'glib-2.0')
    if name.startswith('poco_'):
        return [], ['-lPocoFoundation']
    return [], []


def includes(examples):
    """examples/ and, for examples/libraries, its parent (zombies.h)."""
    return ['-I' + examples, '-I' + os.path.dirname(os.path.abspath(examples))]


def static_sites(tidy, source, examples):
    flags = includes(examples) + (['-std=c++17'] if source.endswith('.cpp') else [])
    flags += library_flags(os.path.basename(source))[0]
    result = subprocess.run(tidy + [source, '--'] + flags,
                            capture_output=True, text=True, check=False)
    if result.returncode < 0 or 'Stack dump' in result.stderr:
        return {'static-check-crashed'}, set()
    found = {'process-unreaped-child': set(), 'process-orphaned-descendants': set()}
    for line in result.stdout.splitlines():
        match = re.match(r'(.*?):(\d+):\d+: warning: .*\[(process-[a-z-]+)\]$', line)
        if match and match.group(3) in found:
            found[match.group(3)].add('%s:%s' % (os.path.basename(match.group(1)),
                                                 match.group(2)))
    return found['process-unreaped-child'], found['process-orphaned-descendants']


def main():
    sep = sys.argv.index('--')
    run, examples, work, cc, cxx = sys.argv[1:sep]
    tidy = sys.argv[sep + 1:]
    os.makedirs(work, exist_ok=True)
    status = 0
    for source in sorted(glob.glob(os.path.join(examples, '*.c')) +
                         glob.glob(os.path.join(examples, '*.cpp'))):
        name = os.path.basename(source)
        exe = os.path.join(work, name + '.exe')
        compiler = cxx if name.endswith('.cpp') else cc
        cflags, libs = library_flags(name)
        subprocess.run([compiler, '-g', '-O0'] + includes(examples) + cflags +
                       ['-o', exe, source, '-lutil'] + libs, check=True)
        runtime, runtime_orphans = runtime_sites(run, exe, work, name)
        static, static_orphans = static_sites(tidy, source, examples)
        if runtime_orphans or static_orphans:
            both = ' '.join(sorted(runtime_orphans)) or '-', ' '.join(sorted(static_orphans)) or '-'
            if runtime_orphans and static_orphans:
                print('%s: agree on orphaned descendants (runtime %s, static %s)' % ((name,) + both))
            else:
                status = 1
                print('%s: DIFFER orphans static %s runtime %s' % (name, both[1], both[0]))
        if runtime == static:
            print('%s: agree on %d leaking start sites (%s)' %
                  (name, len(static), ' '.join(sorted(static)) or '-'))
        else:
            status = 1
            print('%s: DIFFER static %s runtime %s' %
                  (name, ' '.join(sorted(static)) or '-', ' '.join(sorted(runtime)) or '-'))
    return status


if __name__ == '__main__':
    sys.exit(main())
