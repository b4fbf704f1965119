#!/usr/bin/env python3
"""Runs tools/reapcheck -p over a copy of each project given, once in the
one-parse mode (the default: the index pass's judgements of the files the
facts cannot change are reused, the others checked with their facts
slices), once with REAPCHECK_TWO_PASS=1 (every file checked again with the
facts) and once with REAPCHECK_FULL_FACTS=1 (one parse, every file given
the whole facts file), each from a cold start, and prints one line per
project: the same report or the difference.  Also prints how many files
the one-parse run checked again.

With --park first, every run has the default checks (process-unreaped-child
alone), and the modes compared are the one-parse mode whose index runs park
the files the facts may change (the default), the same without parking
(REAPCHECK_NO_PARK=1) and the two-pass mode; the line then says how many
files were judged on the AST of their index run.

usage: compare-modes.py [--park] BUILD_DIR LLVM_MAJOR WORK_DIR PROJECT_DIR..."""

import glob
import os
import shutil
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
run = os.path.join(here, '..', '..', 'driver', 'Inputs', 'run.py')
park = sys.argv[1:2] == ['--park']
args = sys.argv[2:] if park else sys.argv[1:]
build, major, work = os.path.abspath(args[0]), args[1], args[2]


def one_run(src, name, two_pass, full=False):
    """full: with --park, the run without parking."""
    d = os.path.join(work, '%s-%s' % (name, 'full' if full else 'two' if two_pass else 'one'))
    shutil.rmtree(d, ignore_errors=True)
    shutil.copytree(src, d)
    mkdb = os.path.join(d, 'mkdb.py')
    if not os.path.exists(mkdb):
        mkdb = os.path.join(here, 'project', 'mkdb.py')
    subprocess.check_call([sys.executable, mkdb], cwd=d)
    env = dict(os.environ)
    for var in ('REAPCHECK_TWO_PASS', 'REAPCHECK_FULL_FACTS', 'REAPCHECK_NO_PARK',
                'REAPCHECK_PARK_MEMORY'):
        env.pop(var, None)
    if two_pass:
        env['REAPCHECK_TWO_PASS'] = '1'
    if full:
        env['REAPCHECK_NO_PARK' if park else 'REAPCHECK_FULL_FACTS'] = '1'
    p = subprocess.run([sys.executable, run, build, major, '-p', '.', '--inventory',
                        '--json', 'out.json'] + ([] if park else ['--checks', 'all']),
                       cwd=d, env=env, capture_output=True, text=True)
    err = [l for l in p.stderr.splitlines() if not l.startswith('reapcheck: project facts:')]
    said = [l.split(': ', 2)[2] for l in p.stderr.splitlines()
            if 'checked with the facts' in l or 'on the AST of' in l]
    return p.stdout, err, said


for src in args[3:]:
    name = os.path.basename(src.rstrip('/'))
    one_out, one_err, said = one_run(src, name, False)
    two_out, two_err, _ = one_run(src, name, True)
    full_out, full_err, _ = one_run(src, name, False, full=True)
    same = one_out == two_out == full_out and one_err == two_err == full_err
    print('%s: %s; %s' % (name, 'same report' if same else 'DIFFERENT REPORTS',
                          '; '.join(said) if said else 'no file judged in the index pass'))
    if not same:
        sys.stdout.write(''.join('  one: %s\n' % l for l in one_out.splitlines() + one_err))
        sys.stdout.write(''.join('  two: %s\n' % l for l in two_out.splitlines() + two_err))
        sys.stdout.write(''.join('  full: %s\n' % l for l in full_out.splitlines() + full_err))
