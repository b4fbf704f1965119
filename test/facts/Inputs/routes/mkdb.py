#!/usr/bin/env python3
"""Writes build/compile_commands.json for the sources of the current
directory (the project of test/facts/routes*.test without CMake)."""
import glob, json, os
here = os.getcwd()
entries = []
for src in sorted(glob.glob('*.c') + glob.glob('*.cpp')):
    std = '-std=c++17' if src.endswith('.cpp') else '-std=gnu11'
    cc = 'clang++' if src.endswith('.cpp') else 'clang'
    entries.append({'directory': os.path.join(here, 'build'), 'file': os.path.join(here, src),
                    'arguments': [cc, std, '-c', os.path.join(here, src)]})
os.makedirs('build', exist_ok=True)
with open('build/compile_commands.json', 'w') as f:
    json.dump(entries, f, indent=1)
