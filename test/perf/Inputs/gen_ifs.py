#!/usr/bin/env python3
"""Writes a C function with one fork and N sequential ifs (2^N paths).

usage: gen_ifs.py N OUT.c
The fork is on line 7; the early return that leaks is on the last line but
three.  A path-enumerating analysis would never finish; a data-flow one is
linear in N.
"""
import sys

n = int(sys.argv[1])
lines = [
    '#include <sys/types.h>',
    '#include <sys/wait.h>',
    '#include <unistd.h>',
    '',
    'int many_ifs(int x, int quick) {',
    '  int y = 0;',
    '  pid_t pid = fork();',
    '  if (pid == 0)',
    '    _exit(0);',
]
for i in range(n):
    lines.append('  if (x == %d) { y += %d; if (y > 3) waitpid(-%d - pid, 0, 0); }' % (i, i, i + 7))
lines += [
    '  if (quick)',
    '    return y;',
    '  waitpid(pid, 0, 0);',
    '  return y;',
    '}',
]
with open(sys.argv[2], 'w') as f:
    f.write('\n'.join(lines) + '\n')
print('return-line %d' % (len(lines) - 3))
