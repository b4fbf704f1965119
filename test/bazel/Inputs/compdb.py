"""compdb.py WS: writes WS/compile_commands.json for the sources of the
example workspace, with the include paths Bazel gives them (-iquote .)."""
import json
import os
import sys

ws = os.path.abspath(sys.argv[1])
sources = ['app/jobs.c', 'app/main.c', 'lib/reaper.c', 'lib/spawn.c', 'tests/workers_test.c',
           'vendor/launcher.c']
with open(os.path.join(ws, 'compile_commands.json'), 'w') as f:
    json.dump([{'directory': ws, 'file': s, 'arguments': ['clang', '-iquote', '.', '-c', s]}
               for s in sources], f, indent=1)
