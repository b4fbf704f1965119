#!/usr/bin/env python3
"""Prints the markdown table of docs/real-world.md from results/summary.tsv."""
import os

here = os.path.dirname(os.path.abspath(__file__))
import sys
results = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, 'results')
with open(os.path.join(results, 'summary.tsv')) as f:
    header = f.readline().rstrip('\n').split('\t')
    rows = [dict(zip(header, l.rstrip('\n').split('\t'))) for l in f if l.strip()]
cols = ['TUs', 'TUs with errors', 'crashes', 'start sites', 'reaped', 'handed off',
        'no parent child', 'reports']
for r in rows:
    print('| %s | `%s` | %s |' % (r['project'], r['commit'][:12],
                                 ' | '.join(r[c] for c in cols)))
tot = {c: sum(int(r[c]) for r in rows) for c in cols}
print('| **total (%d projects)** | | %s |' % (len(rows), ' | '.join('**%d**' % tot[c] for c in cols)))
