#!/usr/bin/env python3
"""Runs tools/reapcheck -p over a copy of each project given, once in the
one-parse mode (the default: the index pass's judgements of the files the
facts cannot change are reused, the others checked with their facts
slices), once with REAPCHECK_TWO_PASS=1 (every file checked again with the
facts) and once with REAPCHECK_FULL_FACTS=1 (one parse, every file given
the whole facts file), each from a cold start, and prints one line per
project: the same report or the difference.  Also prints how many files
the one-parse run checked again.

usage: compare-modes.py BUILD_DIR LLVM_MAJOR WORK_DIR PROJECT_DIR..."""

import glob
import os
import shutil
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
run = os.path.join(here, '..', '..', 'driver', 'Inputs', 'run.py')
build, major, work = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]


def one_run(src, name, two_pass, full=False):
    d = os.path.join(work, '%s-%s' % (name, 'full' if full else 'two' if two_pass else 'one'))
    shutil.rmtree(d, ignore_errors=True)
    shutil.copytree(src, d)
    mkdb = os.path.join(d, 'mkdb.py')
    if not os.path.exists(mkdb):
        mkdb = os.path.join(here, 'project', 'mkdb.py')
    subprocess.check_call([sys.executable, mkdb], cwd=d)
    env = dict(os.environ)
    env.pop('REAPCHECK_TWO_PASS', None)
    env.pop('REAPCHECK_FULL_FACTS', None)
    if two_pass:
        env['REAPCHECK_TWO_PASS'] = '1'
    if full:
        env['REAPCHECK_FULL_FACTS'] = '1'
    p = subprocess.run([sys.executable, run, build, major, '-p', '.', '--inventory',
                        '--checks', 'all', '--json', 'out.json'],
                       cwd=d, env=env, capture_output=True, text=True)
    err = [l for l in p.stderr.splitlines() if not l.startswith('reapcheck: project facts:')]
    again = [l for l in p.stderr.splitlines() if 'checked with the facts' in l]
    return p.stdout, err, again


for src in sys.argv[4:]:
    name = os.path.basename(src.rstrip('/'))
    one_out, one_err, again = one_run(src, name, False)
    two_out, two_err, _ = one_run(src, name, True)
    full_out, full_err, _ = one_run(src, name, False, full=True)
    same = one_out == two_out == full_out and one_err == two_err == full_err
    print('%s: %s; %s' % (name, 'same report' if same else 'DIFFERENT REPORTS',
                          again[0].split(': ', 2)[2] if again else 'no file judged in the index pass'))
    if not same:
        sys.stdout.write(''.join('  one: %s\n' % l for l in one_out.splitlines() + one_err))
        sys.stdout.write(''.join('  two: %s\n' % l for l in two_out.splitlines() + two_err))
        sys.stdout.write(''.join('  full: %s\n' % l for l in full_out.splitlines() + full_err))
