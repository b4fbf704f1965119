#!/usr/bin/env python3
"""Adds up the summary line of a tools/reapcheck run (summary-counts.test).

usage: sums.py OUTPUT

OUTPUT holds the run's stdout and stderr.  Prints the number of warnings of
the check printed, the "N leaked" of the summary line and the sum of its
kinds, then whether the start-site counts add up to the start sites."""

import re
import sys

text = open(sys.argv[1]).read()
warnings = len(re.findall(r'^\S+:\d+:\d+: (?:warning|error): .* \[process-unreaped-child\]$',
                          text, re.MULTILINE))
line = re.search(r'^reapcheck: (\d+) leaked(?: \((.*?)\))?; '
                 r'(\d+) start sites? in \d+ files?: ([^;]*);', text, re.MULTILINE)
leaked = int(line.group(1))
kinds = sum(int(k.split()[0]) for k in (line.group(2) or '').split(', ') if k)
sites = int(line.group(3))
verdicts = sum(int(v.split()[0]) for v in line.group(4).split(', '))
print('warnings printed %d, leaked %d, sum of the kinds %d' % (warnings, leaked, kinds))
print('start sites %d, sum of the verdicts %d' % (sites, verdicts))
