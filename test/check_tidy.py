#!/usr/bin/env python3
"""Runs clang-tidy on one test source and compares its diagnostics exactly.

Expectations live in the source as comments:

  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: <full text> [process-unreaped-child]
  // CHECK-MESSAGES: :[[@LINE+2]]:3: note: <full text>

Every diagnostic clang-tidy prints for the test file must match one
expectation (line, column, kind and the whole text), and every expectation
must be matched: an extra or a missing diagnostic fails the test.  Order is
not significant because clang-tidy prints each note after its warning, not in
source order.

With --fix, the file is copied, `clang-tidy --fix` is run on the copy and every
`// CHECK-FIXES: text` line must occur, in order, as a whole line of the fixed
file (leading and trailing blanks ignored).

Usage: check_tidy.py [--allow-compile-errors] [--fix | --fix-notes] [--fix-prefix F] [--prefix P] [--config C] SOURCE TMPDIR -- TIDY... -- CFLAGS...
"""

import os
import re
import shutil
import subprocess
import sys

DIAG_RE = re.compile(r'^(?P<file>[^:\s][^:]*):(?P<line>\d+):(?P<col>\d+): '
                     r'(?P<kind>warning|error|note): (?P<text>.*)$')
EXPECT_RE_TEMPLATE = r'//\s*{prefix}:\s*:\[\[@LINE(?P<off>[+-]\d+)?\]\]:(?P<col>\d+): (?P<kind>warning|error|note): (?P<text>.*?)\s*$'


def fail(msg):
    sys.stderr.write('check_tidy: ' + msg + '\n')
    sys.exit(1)


def parse_args(argv):
    opts = {'fix': False, 'prefix': 'CHECK-MESSAGES', 'config': None,
            'fix_prefix': 'CHECK-FIXES', 'fix_flag': '--fix', 'errors_ok': False}
    i = 0
    while i < len(argv) and argv[i].startswith('--'):
        if argv[i] == '--fix':
            opts['fix'] = True
        elif argv[i] == '--prefix':
            i += 1
            opts['prefix'] = argv[i]
        elif argv[i] == '--allow-compile-errors':
            opts['errors_ok'] = True
        elif argv[i] == '--fix-notes':
            opts['fix'] = True
            opts['fix_flag'] = '--fix-notes'
        elif argv[i] == '--fix-prefix':
            i += 1
            opts['fix_prefix'] = argv[i]
        elif argv[i] == '--config':
            i += 1
            opts['config'] = argv[i]
        else:
            fail('unknown option ' + argv[i])
        i += 1
    rest = argv[i:]
    if len(rest) < 3 or '--' not in rest:
        fail('usage: check_tidy.py [--fix] [--prefix P] SOURCE TMPDIR -- TIDY... [-- CFLAGS...]')
    source, tmpdir = rest[0], rest[1]
    rest = rest[3:]
    if '--' in rest:
        cut = rest.index('--')
        tidy, cflags = rest[:cut], rest[cut + 1:]
    else:
        tidy, cflags = rest, []
    return opts, source, tmpdir, tidy, cflags


def expectations(lines, prefix):
    pattern = re.compile(EXPECT_RE_TEMPLATE.format(prefix=re.escape(prefix)))
    result = []
    for number, line in enumerate(lines, start=1):
        m = pattern.search(line)
        if not m:
            if re.search(r'//\s*' + re.escape(prefix) + r':', line):
                fail('%d: malformed %s line: %s' % (number, prefix, line.strip()))
            continue
        target = number + int(m.group('off') or 0)
        result.append((target, int(m.group('col')), m.group('kind'), m.group('text')))
    return result


def run_tidy(tidy, config, path, cflags):
    cmd = list(tidy)
    if config is not None:
        cmd.append('--config=' + config)
    cmd += [path, '--'] + cflags
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True)
    return proc, cmd


def main():
    opts, source, tmpdir, tidy, cflags = parse_args(sys.argv[1:])
    os.makedirs(tmpdir, exist_ok=True)
    with open(source) as f:
        lines = f.read().split('\n')
    wanted = expectations(lines, opts['prefix'])

    # Work on a copy so --fix never edits the test source.
    copy = os.path.join(tmpdir, os.path.basename(source))
    shutil.copyfile(source, copy)
    proc, cmd = run_tidy(tidy, opts['config'], copy, cflags)
    broken = ('Stack dump', 'no checks enabled', 'Error opening', 'load request ignored',
              'cannot run inside clang-tidy')
    if proc.returncode not in (0, 1) or any(b in proc.stderr + proc.stdout for b in broken):
        fail('clang-tidy failed (%d): %s\n%s%s' % (proc.returncode, ' '.join(cmd),
                                                   proc.stdout, proc.stderr))
    got = []
    skipping = False
    for line in proc.stdout.split('\n'):
        m = DIAG_RE.match(line)
        if not m:
            continue
        if opts['errors_ok']:
            # The compiler's own complaints about a broken input, and the
            # notes attached to them, are not what the test is about.
            if m.group('kind') == 'error' or (m.group('kind') == 'note' and skipping):
                skipping = True
                continue
            skipping = False
        if os.path.abspath(m.group('file')) != os.path.abspath(copy):
            fail('diagnostic outside the test file: ' + line)
        got.append((int(m.group('line')), int(m.group('col')), m.group('kind'),
                    m.group('text')))

    missing = list(wanted)
    unexpected = []
    for diag in got:
        if diag in missing:
            missing.remove(diag)
        else:
            unexpected.append(diag)
    ok = True
    for d in missing:
        sys.stderr.write('expected but not seen: %d:%d: %s: %s\n' % d)
        ok = False
    for d in unexpected:
        sys.stderr.write('seen but not expected: %d:%d: %s: %s\n' % d)
        ok = False
    if not ok:
        sys.stderr.write('command: %s\noutput:\n%s\n' % (' '.join(cmd), proc.stdout))
        sys.exit(1)

    if opts['fix']:
        shutil.copyfile(source, copy)
        fix_tidy = list(tidy) + [opts['fix_flag']]
        proc, cmd = run_tidy(fix_tidy, opts['config'], copy, cflags)
        if proc.returncode not in (0, 1):
            fail('clang-tidy --fix failed: ' + proc.stderr)
        with open(copy) as f:
            fixed = [re.sub(r'\s*//\s*CHECK-.*$', '', l).strip()
                     for l in f.read().split('\n')]
        fix_re = re.compile(r'//\s*' + re.escape(opts['fix_prefix']) + r':\s?(.*)$')
        wanted_fixes = [m.group(1).strip() for m in (fix_re.search(l) for l in lines) if m]
        if not wanted_fixes:
            fail('--fix given but the test has no %s line' % opts['fix_prefix'])
        pos = 0
        for want in wanted_fixes:
            while pos < len(fixed) and fixed[pos] != want:
                pos += 1
            if pos == len(fixed):
                sys.stderr.write('fixed file lacks, in order: %s\n--- fixed file ---\n%s\n'
                                 % (want, '\n'.join(fixed)))
                sys.exit(1)
            pos += 1
    print('check_tidy: %d diagnostics matched' % len(got))


if __name__ == '__main__':
    main()
