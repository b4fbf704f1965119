#!/usr/bin/env python3
"""Writes synthetic C inputs for the scaling series of bench/run.sh.

  gen_scale.py stmts N OUT.c    one function of about N statements (a mix of
                                assignments, ifs, loops and calls, so the CFG
                                has about N/2 blocks) around a single fork
  gen_scale.py starts K OUT.c   one function with K fork sites, each followed
                                by a short branchy stretch; the body grows with
                                K (about 12 statements a start)
  gen_scale.py fixed K OUT.c    one function of 20,000 statements in which K
                                of the statements are fork sites: the body
                                size is fixed, only the number of starts grows

Every generated start is reaped on all paths but one early return, so the
check has the same answer to give at every size (one warning a start).
"""
import sys


def header():
    return ['#include <sys/types.h>', '#include <sys/wait.h>', '#include <unistd.h>',
            '', 'int sink(int);', '']


def filler(i):
    """Four statement shapes in rotation; about one CFG block per two statements."""
    k = i % 4
    if k == 0:
        return '  y += x * %d;' % (i % 97)
    if k == 1:
        return '  if (x == %d) y = sink(y);' % i
    if k == 2:
        return '  for (int i%d = 0; i%d < (x & 3); i%d++) y ^= i%d;' % (i, i, i, i)
    return '  y = sink(y + %d);' % i


def start(j, indent='  '):
    return [
        '%spid_t p%d = fork();' % (indent, j),
        '%sif (p%d < 0) return -1;' % (indent, j),
        '%sif (p%d == 0) _exit(0);' % (indent, j),
        '%sif (x == -%d) return y;' % (indent, j + 1),
        '%swaitpid(p%d, 0, 0);' % (indent, j),
    ]


def stmts(n):
    lines = header() + ['int f(int x) {', '  int y = 0;'] + start(0)[:3]
    lines += [filler(i) for i in range(n)]
    lines += ['  if (x == -1) return y;', '  waitpid(p0, 0, 0);', '  return y;', '}']
    return lines


def starts(k):
    lines = header() + ['int f(int x) {', '  int y = 0;']
    for j in range(k):
        lines += start(j)
        lines += [filler(j * 7 + i) for i in range(7)]
    lines += ['  return y;', '}']
    return lines


def fixed(k, total=20000):
    lines = header() + ['int f(int x) {', '  int y = 0;']
    every = max(1, total // max(k, 1))
    j = 0
    for i in range(total):
        if j < k and i % every == 0:
            lines += start(j)
            j += 1
        else:
            lines.append(filler(i))
    lines += ['  return y;', '}']
    return lines


def main():
    kind, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    lines = {'stmts': stmts, 'starts': starts, 'fixed': fixed}[kind](n)
    with open(out, 'w') as f:
        f.write('\n'.join(lines) + '\n')


if __name__ == '__main__':
    main()
