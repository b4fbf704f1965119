#!/usr/bin/env python3
"""Runs tools/reapcheck against the build under test and reports its exit status.

usage: run.py BUILD_DIR LLVM_MAJOR [ARG...]

stdout and stderr are those of tools/reapcheck; one last line on stderr,
"exit status: N", gives its exit status, and run.py itself exits 0, so a lit
test can check the exact status (lit's `not` only knows zero and non-zero)."""

import os
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))
env = dict(os.environ, REAPCHECK_BUILD_DIR=sys.argv[1], REAPCHECK_LLVM_MAJOR=sys.argv[2])
status = subprocess.call([os.path.join(root, 'tools', 'reapcheck')] + sys.argv[3:], env=env)
sys.stdout.flush()
sys.stderr.write('exit status: %d\n' % status)
