#!/usr/bin/env python3
"""compile_commands.json for the sources of the current directory: the
modules (a file named in MODULES) are built for a shared object, -fPIC, as
zsh builds its modules; the rest as executables' code."""
import glob, json, os
MODULES = {'clone.c', 'shared.c', 'both.c'}
here = os.getcwd()
entries = []
for src in sorted(glob.glob('*.c')):
    args = ['clang', '-std=gnu11'] + (['-fPIC'] if src in MODULES else []) + ['-c', src]
    entries.append({'directory': here, 'file': os.path.join(here, src), 'arguments': args})
with open('compile_commands.json', 'w') as f:
    json.dump(entries, f, indent=1)
