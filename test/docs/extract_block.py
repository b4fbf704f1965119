#!/usr/bin/env python3
"""Prints the first fenced code block of LANG that follows the line
containing MARKER in DOC, so that tests run what the documents show.

    extract_block.py DOC MARKER LANG
"""

import sys


def main():
    doc, marker, lang = sys.argv[1:4]
    with open(doc, encoding='utf-8') as f:
        lines = f.read().splitlines()
    start = next((i for i, line in enumerate(lines) if marker in line), None)
    if start is None:
        print('extract_block.py: %r not found in %s' % (marker, doc), file=sys.stderr)
        return 1
    inside = False
    for line in lines[start:]:
        if not inside and line.strip() == '```' + lang:
            inside = True
        elif inside and line.strip() == '```':
            return 0
        elif inside:
            print(line)
    print('extract_block.py: no ```%s block after %r in %s' % (lang, marker, doc),
          file=sys.stderr)
    return 1


if __name__ == '__main__':
    sys.exit(main())
