#!/usr/bin/env python3
"""compile_commands.json: main.c and parser.c for app, and parser.c again
with -DTEST_PARSER for the test driver."""
import json, os
here = os.getcwd()
entries = [{'directory': here, 'file': os.path.join(here, src),
            'arguments': ['clang', '-std=gnu11'] + extra + ['-c', src]}
           for src, extra in (('main.c', []), ('parser.c', []),
                              ('parser.c', ['-DTEST_PARSER']))]
with open('compile_commands.json', 'w') as f:
    json.dump(entries, f, indent=1)
