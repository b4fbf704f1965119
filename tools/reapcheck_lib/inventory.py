"""The verdicts of the inventory: with REAPCHECK_INVENTORY=FILE the check
appends one line per start site it analysed,

    file:line:col<TAB>verdict<TAB>api<TAB>variable

(checks/unit/Verdicts.cpp decides them, checks/Reporting.cpp writes them,
recordInventory).  This table is the only
list of verdicts on the Python side; test/driver/verdicts.test fails
when it and the verdicts the check emits differ.  A new verdict needs a row
here and a case in test/driver/Inputs/verdicts/.

    python3 -m reapcheck_lib.inventory FILE...   compares emitted verdicts with the table
"""

import os
import sys

# (verdict, words in the inventory line and the docs, always in the line).
# Rows are in the order of the inventory line; the first two are printed
# even when zero.  'leaked' is "not reaped" here: the line's own "N leaked"
# counts the warnings (LEAK_KINDS below), which are not all start sites.
TABLE = [
    ('reaped', 'reaped', True),
    ('handed-off', 'handed off', True),
    ('leaked', 'not reaped', False),
    ('no-parent-child', 'needing no reap', False),
    ('leaked-unreported', 'leaked but not reported', False),
    ('sigchld-handler', 'left to a SIGCHLD handler', False),
    ('caller-reaps', 'left to callers that reap or exit', False),
    ('held', 'kept by an owner that reaps', False),
    ('held-leaked', 'kept by an owner that never reaps', False),
    ('held-unjudged', 'kept where this file cannot judge', False),
]
VERDICTS = [v for v, _, _ in TABLE]
WORDS = {v: w for v, w, _ in TABLE}
ALWAYS_SHOWN = [v for v, _, shown in TABLE if shown]

# When the translation units that see one site disagree (a header compiled
# with different macros), the first of these wins: a leak seen by one unit
# is not hidden by another.
RANK = ['leaked', 'held-leaked', 'leaked-unreported', 'sigchld-handler',
        'caller-reaps',
        'held-unjudged', 'handed-off', 'held', 'reaped', 'no-parent-child']
assert sorted(RANK) == sorted(VERDICTS)

# Verdicts the facts of other files cannot change (checking.py reuses the
# index pass's judgement of a file whose sites all have one): reaped in the
# file itself, or a child that needs no reap.
FINAL = ('reaped', 'no-parent-child')

# Verdicts meaning the site leaks, reported or not.
LEAKING = ('leaked', 'held-leaked', 'leaked-unreported')

# The kinds of warning the line's "N leaked (...)" counts, in its order:
# (kind, words).  Every warning of the check is of exactly one kind: the
# fclose() warning by its message, a warning at a 'held-leaked' site as
# kept by an owner, any other as not reaped (report.leak_kind).
LEAK_KINDS = [
    ('not-reaped', 'not reaped'),
    ('held-leaked', 'kept by an owner that never reaps'),
    ('fclose', 'popen() stream closed with fclose()'),
]


def parse_line(line):
    """One inventory line -> (path as written, line, column, verdict, api,
    variable), or None for a line that is not one."""
    fields = line.rstrip('\n').split('\t')
    if len(fields) != 4:
        return None
    loc, verdict, api, var = fields
    parts = loc.rsplit(':', 2)
    if len(parts) != 3 or not parts[1].isdigit() or not parts[2].isdigit():
        return None
    return parts[0], int(parts[1]), int(parts[2]), verdict, api, var


def parse(text, directory, warn=None):
    """Inventory text -> sites (dicts), paths made absolute against the
    directory the check ran in.  An unknown verdict must not vanish
    silently: it is counted as leaked, and warn() is told."""
    sites = []
    for line in text.splitlines():
        fields = parse_line(line)
        if fields is None:
            continue
        path, lineno, col, verdict, api, var = fields
        if verdict not in WORDS:
            if warn:
                warn('unknown verdict %r for %s:%d:%d, counted as leaked'
                     % (verdict, path, lineno, col))
            verdict = 'leaked'
        sites.append({'file': os.path.normpath(os.path.join(directory, path)),
                      'line': lineno, 'column': col, 'verdict': verdict, 'api': api,
                      'variable': var})
    return sites


def counts(sites):
    result = {v: 0 for v in VERDICTS}
    for s in sites:
        result[s['verdict']] += 1
    return result


def main(files):
    """Prints the verdicts the inventory files hold next to the table."""
    emitted = set()
    for name in files:
        with open(name) as f:
            for line in f:
                fields = parse_line(line)
                if fields:
                    emitted.add(fields[3])
    unknown = sorted(emitted - set(VERDICTS))
    never = [v for v in VERDICTS if v not in emitted]
    print('emitted: %s' % ' '.join(v for v in VERDICTS if v in emitted))
    print('emitted but not in the table: %s' % (' '.join(unknown) or 'none'))
    print('in the table but not emitted: %s' % (' '.join(never) or 'none'))
    return 1 if unknown or never else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
