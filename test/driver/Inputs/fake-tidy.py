#!/usr/bin/env python3
"""A clang-tidy for the driver tests: runs the real one (the first on PATH)
unless told otherwise for one unit, named by its base name:

  FAKE_TIDY_SKIP=NAME   prints clang-tidy's "Skipping FILE. Compile command
                        not found." and exits 0, as clang-tidy does when the
                        database has no command for the file
  FAKE_TIDY_CRASH=NAME  prints what LLVM prints when it aborts, and aborts
  FAKE_TIDY_EDIT=NAME:FILE:TEXT
                        in the index pass, after the real run for NAME,
                        appends TEXT to FILE (once: FAKE_TIDY_ONCE names a
                        file that marks it done), as an editor saving
                        during the pass would
  FAKE_TIDY_PASS=index|check  limits SKIP and CRASH to one pass"""

import os
import signal
import subprocess
import sys

args = sys.argv[1:]
# The unit is the last argument, or the last before `--` and its flags.
positional = args[:args.index('--')] if '--' in args else args
unit = os.path.basename(positional[-1]) if positional else ''
index_pass = bool(os.environ.get('REAPCHECK_INDEX'))
this_pass = os.environ.get('FAKE_TIDY_PASS')
ours = this_pass is None or this_pass == ('index' if index_pass else 'check')
config_run = '--verify-config' in args or '--dump-config' in args

if not config_run and ours and os.environ.get('FAKE_TIDY_SKIP') == unit:
    sys.stderr.write('Skipping %s. Compile command not found.\n' % positional[-1])
    sys.exit(0)
if not config_run and ours and os.environ.get('FAKE_TIDY_CRASH') == unit:
    sys.stderr.write('LLVM ERROR: out of memory\n'
                     'PLEASE submit a bug report to https://github.com/llvm/llvm-project/'
                     'issues/ and include the crash backtrace.\n'
                     'Stack dump:\n0.\tProgram arguments: clang-tidy %s\n' % ' '.join(args))
    sys.stderr.flush()
    signal.signal(signal.SIGABRT, signal.SIG_DFL)
    os.kill(os.getpid(), signal.SIGABRT)

status = subprocess.call(['clang-tidy'] + args)
edit = os.environ.get('FAKE_TIDY_EDIT', '')
once = os.environ.get('FAKE_TIDY_ONCE', '')
if edit and index_pass and not config_run:
    name, path, text = edit.split(':', 2)
    if name == unit and not os.path.exists(once):
        open(once, 'w').close()
        with open(path, 'a') as f:
            f.write(text + '\n')
sys.exit(status)
