#!/usr/bin/env python3
"""The check's own cost on corpus TUs, beside parsing and upstream checks.

    bench/corpus_bench.py run [--corpus DIR] [--plugin [MAJOR=]SO ...] [--tag COMMIT]
                              [--projects NAME,...] [--limit N] [--callgrind N]
    bench/corpus_bench.py report TAG [TAG ...]

(`bench/run.py --only corpus ...` is the same as `run`.)

`run` takes the translation units of the corpus built by tools/corpus/build.sh
and runs clang-tidy once per TU and configuration, all configurations of a TU
one after the other (so that they share the machine's load of that moment),
with every plugin given (one per LLVM major):

  parse    -checks=-*,objc-forbidden-subclassing   an Objective-C-only check:
           on C and C++ no check is instantiated, no matcher is registered and
           the AST is never traversed, so this is parse + Sema + tidy set-up
  check    -checks=-*,process-unreaped-child
  uam      -checks=-*,bugprone-use-after-move
  bugprone -checks=-*,bugprone-*
  both     -checks=-*,bugprone-*,process-unreaped-child

Every command loads the plugin, passes --config={} (a project's own
.clang-tidy must not change what runs) and --enable-check-profile.  Per run it
records the process's CPU time (user+sys, from wait4) and wall time, and the
user+sys time the check profile attributes to process-unreaped-child, to
bugprone-use-after-move and to all checks together.  The check profile times
a check's matcher evaluations, callbacks and end-of-TU work; the AST
traversal that drives the matchers is shared by all checks and attributed to
none, so "own" does not include it: the parse/check instruction counts do.

With --callgrind N, the first N TUs of bench/tus.tsv present in the corpus
are also run under valgrind's callgrind (without the check profile) for every
configuration: instruction counts do not move with the load of a shared
machine, CPU times do a little and wall times a lot.

Results go to bench/results/corpus-TAG.tsv and corpus-callgrind-TAG.tsv.
TAG defaults to the commit of the tree the (first) plugin was built from,
found through the CMakeCache.txt beside it; give --tag when that tree is not a
git checkout (e.g. an extracted `git archive`).  `report` prints the
markdown tables of docs/performance.md from those files.
"""

import argparse
import datetime
import glob
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time

from corpus_config import CHECK, COLUMNS, CONFIGS, HERE, RESULTS, ROOT, SOURCE_EXT, UAM
from corpus_tables import report


def default_corpus():
    """$CORPUS, else the default of tools/corpus/build.sh."""
    if os.environ.get('CORPUS'):
        return os.environ['CORPUS']
    cache = os.environ.get('XDG_CACHE_HOME') or os.path.join(os.path.expanduser('~'), '.cache')
    return os.path.join(cache, 'reapcheck', 'corpus')


def project_names():
    names = []
    with open(os.path.join(ROOT, 'tools', 'corpus', 'projects.tsv')) as f:
        for line in f:
            if line.strip() and not line.startswith('#'):
                names.append(line.split('\t')[0])
    return names


def sources(corpus, project):
    """The distinct existing source files of a project's compile database,
    sorted, as absolute paths."""
    pdir = os.path.join(corpus, project)
    with open(os.path.join(pdir, 'compile_commands.json')) as f:
        db = json.load(f)
    found = set()
    for entry in db:
        path = os.path.normpath(os.path.join(entry['directory'], entry['file']))
        if path.endswith(SOURCE_EXT) and os.path.exists(path):
            found.add(path)
    return sorted(found)


def spread(items, limit):
    """At most `limit` items, evenly spaced, always the same for the same list."""
    if not limit or len(items) <= limit:
        return items
    step = len(items) / limit
    return [items[int(i * step)] for i in range(limit)]


def select_tus(corpus, projects, limit):
    """projects: names, each optionally NAME:N (at most N TUs of it)."""
    tus = []
    for spec in projects:
        name, _, own_limit = spec.partition(':')
        if not os.path.exists(os.path.join(corpus, name, 'compile_commands.json')):
            continue
        for path in spread(sources(corpus, name), int(own_limit or limit)):
            tus.append((name, path))
    return tus


def callgrind_tus(corpus, count):
    """The first `count` entries of bench/tus.tsv that the corpus has."""
    tus = []
    with open(os.path.join(HERE, 'tus.tsv')) as f:
        for line in f:
            if not line.strip() or line.startswith('#'):
                continue
            project, rel = line.rstrip('\n').split('\t')
            path = os.path.join(corpus, project, rel)
            if os.path.exists(path) and \
                    os.path.exists(os.path.join(corpus, project, 'compile_commands.json')):
                tus.append((project, path))
    return tus[:count]


def cmake_cache(plugin):
    values = {}
    cache = os.path.join(os.path.dirname(os.path.abspath(plugin)), 'CMakeCache.txt')
    if os.path.exists(cache):
        with open(cache) as f:
            for line in f:
                key, sep, value = line.rstrip('\n').partition('=')
                if sep and not key.startswith(('#', '//')):
                    values[key.partition(':')[0]] = value
    return values


def parse_plugin(spec):
    """'[MAJOR=]PATH' -> (major, path); the major comes from the CMakeCache.txt
    beside the plugin when not given."""
    major, sep, path = spec.partition('=')
    if not sep:
        path = spec
        major = cmake_cache(path).get('REAPCHECK_LLVM_MAJOR', '')
    if not major.isdigit():
        raise SystemExit('%s: give the LLVM major as MAJOR=%s' % (spec, spec))
    if not os.path.exists(path):
        raise SystemExit('%s: no such plugin' % path)
    return major, os.path.abspath(path)


def plugin_commit(plugin):
    """Short commit of the git tree the plugin was built from, '' if unknown
    or if the check's sources differ from that commit."""
    src = cmake_cache(plugin).get('CMAKE_HOME_DIRECTORY')
    if not src:
        return ''
    git = ['git', '-C', src]
    head = subprocess.run(git + ['rev-parse', '--short', 'HEAD'], stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, universal_newlines=True)
    if head.returncode != 0:
        return ''
    dirty = subprocess.run(git + ['status', '--porcelain', '--', 'checks', 'CMakeLists.txt'],
                           stdout=subprocess.PIPE, universal_newlines=True).stdout.strip()
    return '' if dirty else head.stdout.strip()


def tidy_command(major, plugin, checks, pdir, path):
    return ['/usr/lib/llvm-%s/bin/clang-tidy' % major, '--load=' + plugin, '--config={}',
            '-checks=' + checks, '--quiet', '-p', pdir, path]


def profiled(cmd, cwd):
    """Runs cmd with the check profile; returns exit code, CPU and wall
    seconds of the process, and the profile's user+sys seconds per check."""
    store = tempfile.mkdtemp(prefix='reapcheck-prof-')
    cmd = cmd[:1] + ['--enable-check-profile', '--store-check-profile=' + store] + cmd[1:]
    start = time.monotonic()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    per_check = {}
    for path in glob.glob(os.path.join(store, '*.json')):
        with open(path) as f:
            profile = json.load(f)['profile']
        for key, value in profile.items():
            # time.clang-tidy.<check>.{wall,user,sys}
            check, _, kind = key[len('time.clang-tidy.'):].rpartition('.')
            if kind in ('user', 'sys'):
                per_check[check] = per_check.get(check, 0.0) + value
    shutil.rmtree(store)
    return proc.returncode, usage.ru_utime + usage.ru_stime, wall, per_check


def instructions(cmd, cwd):
    fd, out = tempfile.mkstemp(prefix='reapcheck-cg-')
    os.close(fd)
    subprocess.run(['valgrind', '--tool=callgrind', '--callgrind-out-file=' + out] + cmd,
                   cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    total = 0
    with open(out) as f:
        for line in f:
            if line.startswith(('summary:', 'totals:')):
                total = int(line.split()[1])
    os.unlink(out)
    return total


def load_average():
    with open('/proc/loadavg') as f:
        return ' '.join(f.read().split()[:3])


def tidy_version(major):
    out = subprocess.run(['/usr/lib/llvm-%s/bin/clang-tidy' % major, '--version'],
                         stdout=subprocess.PIPE, universal_newlines=True).stdout
    words = [w for w in out.split() if w[:1].isdigit()]
    return words[0] if words else '?'


def run(args):
    corpus = os.path.abspath(args.corpus)
    plugins = [parse_plugin(p) for p in args.plugin]
    tag = args.tag or plugin_commit(plugins[0][1])
    if not tag:
        raise SystemExit('cannot tell which commit built %s: give --tag' % plugins[0][1])
    specs = args.projects.split(',') if args.projects else project_names()
    names = [spec.partition(':')[0] for spec in specs]
    tus = select_tus(corpus, specs, args.limit)
    if not tus:
        raise SystemExit('no TU found under %s: run tools/corpus/build.sh '
                         '(CORPUS=%s) first' % (corpus, corpus))
    meta = {
        'tag': tag,
        'date': datetime.datetime.utcnow().strftime('%Y-%m-%d %H:%M UTC'),
        'host': '%s, %d CPUs' % (platform.node(), os.cpu_count()),
        'corpus': corpus,
        'tidy': ', '.join('%s=%s' % (m, tidy_version(m)) for m, _ in plugins),
        'plugins': ', '.join('%s=%s' % p for p in plugins),
        'tus': '%d (%s)' % (len(tus), ', '.join(
            '%s %d' % (n, sum(1 for p, _ in tus if p == n)) for n in names
            if any(p == n for p, _ in tus))),
        'load_before': load_average(),
    }
    os.makedirs(RESULTS, exist_ok=True)
    if not args.skip_timing:
        timings(tus, plugins, corpus, meta)
    if args.callgrind:
        counts(plugins, corpus, tag, meta, args.callgrind)
    report([tag])


def timings(tus, plugins, corpus, meta):
    out_path = os.path.join(RESULTS, 'corpus-%s.tsv' % meta['tag'])
    rows = []
    began = time.monotonic()
    for i, (project, path) in enumerate(tus):
        pdir = os.path.join(corpus, project)
        for major, plugin in plugins:
            for config, checks in CONFIGS:
                rc, cpu, wall, per_check = profiled(
                    tidy_command(major, plugin, checks, pdir, path), pdir)
                rows.append({'llvm': major, 'project': project,
                             'tu': os.path.relpath(path, pdir), 'config': config, 'rc': rc,
                             'cpu': cpu, 'wall': wall, 'own_check': per_check.get(CHECK, 0.0),
                             'own_uam': per_check.get(UAM, 0.0),
                             'own_all': sum(per_check.values())})
        if (i + 1) % 25 == 0 or i + 1 == len(tus):
            print('%d/%d TUs, %.0f s, load %s' % (i + 1, len(tus), time.monotonic() - began,
                                                   load_average()), flush=True)
    meta['load_after'] = load_average()
    meta['seconds'] = '%.0f' % (time.monotonic() - began)
    write_rows(out_path, meta, COLUMNS, rows)
    print('wrote', os.path.relpath(out_path, ROOT))


def counts(plugins, corpus, tag, meta, how_many):
    cg_rows = []
    for project, path in callgrind_tus(corpus, how_many):
        pdir = os.path.join(corpus, project)
        for major, plugin in plugins:
            for config, checks in CONFIGS:
                count = instructions(tidy_command(major, plugin, checks, pdir, path), pdir)
                cg_rows.append({'llvm': major, 'project': project,
                                'tu': os.path.relpath(path, pdir), 'config': config,
                                'instructions': count})
                print('%s %s/%s %s %.1f M' % (major, project, cg_rows[-1]['tu'], config,
                                              count / 1e6), flush=True)
    cg_path = os.path.join(RESULTS, 'corpus-callgrind-%s.tsv' % tag)
    write_rows(cg_path, meta, ('llvm', 'project', 'tu', 'config', 'instructions'), cg_rows)
    print('wrote', os.path.relpath(cg_path, ROOT))


def write_rows(path, meta, columns, rows):
    with open(path, 'w') as f:
        for key, value in meta.items():
            f.write('# %s: %s\n' % (key, value))
        f.write('\t'.join(columns) + '\n')
        for row in rows:
            f.write('\t'.join('%.4f' % row[c] if isinstance(row[c], float) else str(row[c])
                              for c in columns) + '\n')


def add_run_arguments(ap):
    ap.add_argument('--corpus', default=default_corpus(),
                    help='the corpus of tools/corpus/build.sh (default: $CORPUS, else '
                    '%(default)s)')
    ap.add_argument('--plugin', action='append',
                    help='[MAJOR=]path of a plugin; repeat for several LLVM majors '
                    '(default: build/libreapcheck.so)')
    ap.add_argument('--tag', default='', help='name of the results: the commit that built '
                    'the plugin (default: found from the plugin\'s build tree)')
    ap.add_argument('--projects', default='',
                    help='comma-separated corpus projects, each NAME or NAME:N to take at '
                    'most N of its TUs (default: every project built)')
    ap.add_argument('--limit', type=int, default=0,
                    help='at most this many TUs per project, evenly spread (default: all)')
    ap.add_argument('--callgrind', type=int, default=0, metavar='N',
                    help='also count instructions on the first N TUs of bench/tus.tsv')
    ap.add_argument('--skip-timing', action='store_true',
                    help='only the instruction counts (with --callgrind), e.g. in a second '
                    'process beside a timing run')


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    sub = ap.add_subparsers(dest='command', required=True)
    add_run_arguments(sub.add_parser('run'))
    rep = sub.add_parser('report')
    rep.add_argument('tags', nargs='+')
    args = ap.parse_args(argv)
    if args.command == 'report':
        report(args.tags)
        return
    run_with_defaults(args)


def run_with_defaults(args):
    if not args.plugin:
        args.plugin = [os.path.join(ROOT, 'build', 'libreapcheck.so')]
    run(args)


if __name__ == '__main__':
    main()
