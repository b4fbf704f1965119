#!/usr/bin/env python3
"""Copies Inputs/project to DEST and writes DEST/build/compile_commands.json.

The database is shaped like CMake's and Bear's: the directory is the build
directory, file names and include paths are relative to it, some entries use
"arguments" and some "command", and one entry names a file that is not C."""

import json
import os
import shutil
import sys

dest = os.path.abspath(sys.argv[1])
here = os.path.dirname(os.path.abspath(__file__))
shutil.rmtree(dest, ignore_errors=True)
shutil.copytree(os.path.join(here, 'project'), dest)
build = os.path.join(dest, 'build')
os.makedirs(build)

entries = []
for i, src in enumerate(['src/handoff.c', 'src/kill.c', 'src/leak.c', 'src/quiet.c',
                         'src/reaped.c', 'src/reader.cpp', 'third_party/vendor.c']):
    compiler = 'c++' if src.endswith('.cpp') else 'cc'
    std = '-std=c++17' if src.endswith('.cpp') else '-std=gnu11'
    args = [compiler, std, '-I../include', '-c', '../' + src, '-o', src + '.o']
    entry = {'directory': build, 'file': '../' + src}
    if i % 2:
        entry['command'] = ' '.join(args)
    else:
        entry['arguments'] = args
    entries.append(entry)
entries.append({'directory': build, 'file': '../src/start.S',
                'arguments': ['cc', '-c', '../src/start.S']})

with open(os.path.join(build, 'compile_commands.json'), 'w') as f:
    json.dump(entries, f, indent=2)
