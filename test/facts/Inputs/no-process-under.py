#!/usr/bin/env python3
"""Fails when a clang-tidy whose command line names a path under DIR is
still running or waiting: what a run left behind.

usage: no-process-under.py DIR"""

import os
import sys

where = os.path.realpath(sys.argv[1]) + '/'
left = []
for pid in os.listdir('/proc'):
    if not pid.isdigit() or int(pid) == os.getpid():
        continue
    try:
        with open('/proc/%s/cmdline' % pid, 'rb') as f:
            words = f.read().decode(errors='replace').split('\0')
    except OSError:
        continue  # It ended meanwhile.
    if words[0].endswith('clang-tidy') and any(w.startswith(where) for w in words):
        left.append('%s: %s' % (pid, ' '.join(words)))
if left:
    sys.exit('left behind:\n' + '\n'.join(left))
