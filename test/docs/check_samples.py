#!/usr/bin/env python3
"""Checks the sample output quoted in documents against a real run.

    check_samples.py OUTPUT DOC...

Every line of a fenced code block in a DOC that looks like a diagnostic
(``path:line:col: warning|note|error: text``) must be a line of OUTPUT whose
path ends with the quoted path (the documents quote paths relative to the
checkout, the run prints them absolute); the source excerpt lines that
follow it (``   28 |     pid_t pid = fork();``) must follow it in OUTPUT
too.  A document without any such line is an error as well: the test would
otherwise pass on nothing.  Prints every mismatch and exits 1, else 0.
"""

import re
import sys

DIAG = re.compile(r'^(\S+):(\d+):(\d+): (warning|note|error): (.*)$')
EXCERPT = re.compile(r'^ +(\d+ \|.*|\| +\^.*)$')


def fenced_lines(path):
    """(line number, text) of every line inside ``` fences."""
    inside = False
    with open(path, encoding='utf-8') as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip('\n')
            if line.startswith('```'):
                inside = not inside
            elif inside:
                yield number, line


def samples(path):
    """Each quoted diagnostic with the excerpt lines right after it."""
    found = []
    for number, line in fenced_lines(path):
        if DIAG.match(line):
            found.append((number, line, []))
        elif found and EXCERPT.match(line) and found[-1][0] + len(found[-1][2]) + 1 == number:
            found[-1][2].append(line.rstrip())
    return found


def find(output, quoted):
    """Index of the OUTPUT line that QUOTED quotes, or None."""
    path, rest = quoted.split(':', 1)
    for index, line in enumerate(output):
        head, _, tail = line.partition(':')
        if tail == rest and (head == path or head.endswith('/' + path)):
            return index
    return None


def main():
    with open(sys.argv[1], encoding='utf-8') as f:
        output = [line.rstrip() for line in f.read().splitlines()]
    status = 0
    for doc in sys.argv[2:]:
        quoted = samples(doc)
        if not quoted:
            print('%s: no sample diagnostics found' % doc)
            status = 1
        for number, line, excerpt in quoted:
            index = find(output, line)
            if index is None:
                print('%s:%d: not in the real output: %s' % (doc, number, line))
                status = 1
                continue
            real = output[index + 1:index + 1 + len(excerpt)]
            if real != excerpt:
                print('%s:%d: excerpt differs from the real output:\n  quoted: %r\n  real:   %r'
                      % (doc, number, excerpt, real))
                status = 1
    return status


if __name__ == '__main__':
    sys.exit(main())
