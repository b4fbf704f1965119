#!/usr/bin/env python3
"""The project mode's cost, side by side in one run on one compile database.

    bench/project_mode.py --plugin PLUGIN [--llvm-major N] [-j N] [--edit FILE] DB_DIR...

For each database (a directory holding compile_commands.json, such as a
corpus project built by tools/corpus/build.sh), in this order:

  plain       clang-tidy -checks=-*,llvm-namespace-comment on every unit,
              -j N at a time as the driver runs them (the cost of
              parsing: what any clang-tidy run pays); run first and
              again last, the mean of the two
  no-facts    tools/reapcheck -p DB --no-facts (each file alone)
  first       tools/reapcheck -p DB, no facts file nor index cache
              (one parse per file: the default)
  first-2pass the same with REAPCHECK_TWO_PASS=1 (every file parsed twice;
              run before first, whose cache the rerun and edit use)
  unparked    the same with REAPCHECK_NO_PARK=1 (the files the facts
              decide parsed again in the check pass; run before first)
  rerun       tools/reapcheck -p DB again (facts fresh, reused)
  edit        after appending a comment to --edit FILE (default: the
              database's first source): one file indexed again

The figure is CPU time (user + sys of the driver and every clang-tidy it
ran, from getrusage of the children), and its ratio to plain.  CPU time
moves with cache contention on a loaded machine: compare ratios within one
run.  The edited file is restored at the end.  Prints a Markdown table.
"""

import argparse
import concurrent.futures
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def cpu_of(cmd, cwd, env=None):
    """CPU seconds of \\p cmd and everything it ran, and its exit status."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    status = subprocess.call(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), status


def run_driver(cmd, cwd, env=None):
    """CPU seconds of one driver run; a run that failed (exit 2: the tool,
    not a leak) stops the benchmark rather than give a figure of nothing."""
    cpu, status = cpu_of(cmd, cwd, env)
    if status not in (0, 1):
        sys.exit('bench: %s exited with status %d in %s' % (' '.join(cmd), status, cwd))
    return cpu


def units_of(db):
    with open(os.path.join(db, 'compile_commands.json')) as f:
        entries = json.load(f)
    return sorted({os.path.normpath(os.path.join(e['directory'], e['file'])) for e in entries})


def fresh(db, facts):
    shutil.rmtree(os.path.join(db, '.reapcheck-index'), ignore_errors=True)
    if os.path.exists(facts):
        os.remove(facts)


def measure(db, args):
    units = units_of(db)
    tidy = '/usr/lib/llvm-%s/bin/clang-tidy' % args.llvm_major
    facts = os.path.join(tempfile.mkdtemp(prefix='reapcheck-bench-'), 'facts.json')
    driver = [sys.executable, os.path.join(ROOT, 'tools', 'reapcheck.py'),
              '--llvm-major', args.llvm_major, '--plugin', args.plugin, '-p', db,
              '-j', str(args.jobs)]
    rows = []
    # Parse only: one clang-tidy per unit, as the driver runs them, and as
    # many at a time (run-clang-tidy -j N): CPU time per process is not the
    # same with the other core busy or idle.  Run first and again last, the
    # mean of the two the figure: the machine's pace drifts within a run.
    def plain():
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            list(pool.map(lambda u: subprocess.call(
                [tidy, '-checks=-*,llvm-namespace-comment', '--quiet', '-p', db, u], cwd=db,
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL), units))
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    first_plain = plain()
    rows.append(('plain', first_plain))
    rows.append(('no-facts', run_driver(driver + ['--no-facts'], db)))
    # The two-pass run first: its cache entries hold no judgements, so the
    # one-parse run after it starts from nothing again.
    fresh(db, facts)
    env = dict(os.environ, REAPCHECK_TWO_PASS='1')
    two = run_driver(driver + ['--facts', facts], db, env)
    fresh(db, facts)
    unparked = run_driver(driver + ['--facts', facts], db,
                          dict(os.environ, REAPCHECK_NO_PARK='1'))
    fresh(db, facts)
    rows.append(('first', run_driver(driver + ['--facts', facts], db)))
    rows.append(('unparked', unparked))
    rows.append(('first-2pass', two))
    rows.append(('rerun', run_driver(driver + ['--facts', facts], db)))
    edit = args.edit or units[0]
    with open(edit, 'rb') as f:
        original = f.read()
    try:
        with open(edit, 'ab') as f:
            f.write(b'\n/* reapcheck bench edit */\n')
        rows.append(('edit', run_driver(driver + ['--facts', facts], db)))
    finally:
        with open(edit, 'wb') as f:
            f.write(original)
    rows[0] = ('plain', (first_plain + plain()) / 2)
    return len(units), rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--plugin', required=True)
    ap.add_argument('--llvm-major', default=open(os.path.join(
        ROOT, 'tools', 'DEFAULT_LLVM_MAJOR')).read().strip())
    ap.add_argument('-j', '--jobs', type=int, default=2)
    ap.add_argument('--edit', help='the file the edit run changes (one database only)')
    ap.add_argument('dbs', nargs='+', metavar='DB_DIR')
    args = ap.parse_args()
    args.plugin = os.path.abspath(args.plugin)
    print('| project | units | plain | no-facts | first | first, not parked | '
          'first, two passes | rerun | one-file edit |')
    print('|---|---|---|---|---|---|---|---|---|')
    for db in args.dbs:
        n, rows = measure(os.path.abspath(db), args)
        plain = rows[0][1]
        cells = ['%.1f s' % plain] + ['%.1f s (%.2fx)' % (cpu, cpu / plain)
                                      for _, cpu in rows[1:]]
        print('| %s | %d | %s |' % (os.path.basename(os.path.abspath(db)), n,
                                    ' | '.join(cells)))
        sys.stdout.flush()


if __name__ == '__main__':
    main()
