#!/usr/bin/env python3
"""Writes compile_commands.json for the sources of the current directory."""
import glob, json, os
here = os.getcwd()
entries = []
for src in sorted(glob.glob('*.c') + glob.glob('*.cpp')):
    std = '-std=c++17' if src.endswith('.cpp') else '-std=gnu11'
    cc = 'clang++' if src.endswith('.cpp') else 'clang'
    entries.append({'directory': here, 'file': os.path.join(here, src),
                    'arguments': [cc, std, '-c', src]})
with open('compile_commands.json', 'w') as f:
    json.dump(entries, f, indent=1)
