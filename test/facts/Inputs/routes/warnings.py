#!/usr/bin/env python3
"""Prints the process-unreaped-child warnings in one route's output, one
per line as `FILE:LINE:COL: message` (FILE relative to ROOT), sorted and
without repeats, so that the routes of test/facts/routes.test compare with
diff.

usage: warnings.py tidy|clangd ROOT OUTPUT

tidy: clang-tidy's own lines (the plugin, reapcheck-tidy, run-clang-tidy,
a CMake build, the driver).  clangd: lsp_client.py's output, whose
positions count from zero and whose messages start with a capital."""
import os
import re
import sys

kind, root, output = sys.argv[1:4]
root = os.path.realpath(root)
found = set()


def add(path, line, col, message):
    path = os.path.relpath(os.path.realpath(os.path.join(root, path)), root)
    found.add('%s:%d:%d: %s' % (path, line, col, message))


with open(output, errors='replace') as f:
    text = f.read()
if kind == 'tidy':
    for m in re.finditer(r'^(\S+?):(\d+):(\d+): warning: (.*) \[process-unreaped-child\]$',
                         text, re.M):
        add(m.group(1), int(m.group(2)), int(m.group(3)), m.group(4))
else:
    current = None
    lines = text.split('\n')
    for i, line in enumerate(lines):
        m = re.match(r'^open (\S+) version \d+:', line)
        if m:
            current = m.group(1)
            continue
        m = re.match(r'^  warning (\d+):(\d+)-\S+ source=clang-tidy code=process-unreaped-child$',
                     line)
        if m and i + 1 < len(lines):
            message = lines[i + 1].strip()[len('message: '):]
            message = re.sub(r' \(fix available\)$', '', message)
            add(current, int(m.group(1)) + 1, int(m.group(2)) + 1,
                message[:1].lower() + message[1:])
print('\n'.join(sorted(found)))
