#!/usr/bin/env python3
"""Writes the project the driver tests share.

usage: mkproj.py DIR [--relative DIRECTORY] [FLAG...]

DIR/src/spawn.c defines spawn_helper(), a start wrapper while WITH_FORK is
non-zero (src/config.h makes it 1 unless a -D says otherwise), and
reap_it(); DIR/src/main.c leaks one child of spawn_helper() and reaps
another.  DIR/build/compile_commands.json compiles both with FLAGs, in
src/ (absolute), or in the --relative DIRECTORY as written."""

import json
import os
import sys

SPAWN = '''#include "config.h"
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
pid_t spawn_helper(void) {
#if WITH_FORK
  pid_t p = fork();
  if (p == 0)
    _exit(0);
  return p;
#else
  return -1;
#endif
}
void reap_it(pid_t p) { waitpid(p, NULL, 0); }
'''

CONFIG = '''#ifndef WITH_FORK
#define WITH_FORK 1
#endif
'''

MAIN = '''#include <sys/types.h>
pid_t spawn_helper(void);
void reap_it(pid_t p);
int leak(void) { pid_t p = spawn_helper(); return p > 0; }
int fine(void) { pid_t p = spawn_helper(); reap_it(p); return 0; }
int main(void) { return leak() + fine(); }
'''


def main(argv):
    root = os.path.abspath(argv[0])
    args = argv[1:]
    directory = os.path.join(root, 'src')
    if args[:1] == ['--relative']:
        directory, args = args[1], args[2:]
    os.makedirs(os.path.join(root, 'src'), exist_ok=True)
    os.makedirs(os.path.join(root, 'build'), exist_ok=True)
    for name, text in (('spawn.c', SPAWN), ('config.h', CONFIG), ('main.c', MAIN)):
        with open(os.path.join(root, 'src', name), 'w') as f:
            f.write(text)
    db = [{'directory': directory, 'file': name,
           'arguments': ['cc', '-std=gnu11'] + args + ['-c', name]}
          for name in ('main.c', 'spawn.c')]
    with open(os.path.join(root, 'build', 'compile_commands.json'), 'w') as f:
        json.dump(db, f, indent=1)


if __name__ == '__main__':
    main(sys.argv[1:])
