#!/usr/bin/env python3
"""Checks that the documents name the start-site verdicts with the driver's
own words (tools/reapcheck_lib/inventory.py's VERDICTS, which --inventory, --json and SARIF
print).

    check_verdicts.py TOOLS_DIR RST GETTING_STARTED.md

The .rst must list each verdict as a bullet ``- ``word``:``; the Markdown
guide as a row ``| `word` |`` of its table headed ``| verdict |``; neither
may list a word the driver does not know.  Prints what differs and exits 1, or exits 0 silently.
"""

import ast
import re
import sys


def driver_verdicts(tools):
    """VERDICTS of the driver's package under TOOLS (reapcheck_lib)."""
    sys.path.insert(0, tools)
    from reapcheck_lib import inventory
    return set(inventory.VERDICTS)


def listed(path, pattern, after=None):
    """The words PATTERN captures; with AFTER, only in the paragraph (up to
    the next blank line) that starts at the line AFTER."""
    with open(path, encoding='utf-8') as f:
        text = f.read()
    if after is not None:
        start = text.find('\n' + after)
        if start < 0:
            return set()
        end = text.find('\n\n', start + 1)
        text = text[start:end if end >= 0 else len(text)]
    return set(re.findall(pattern, text, re.MULTILINE))


def main():
    driver, rst, guide = sys.argv[1:4]
    want = driver_verdicts(driver)
    status = 0
    for path, pattern, after in ((rst, r'^- ``([a-z-]+)``:', None),
                                 (guide, r'^\| `([a-z-]+)` \|', '| verdict |')):
        have = listed(path, pattern, after)
        for word in sorted(want - have):
            print('%s: verdict %r is not listed' % (path, word))
            status = 1
        for word in sorted(have - want):
            print('%s: %r is not a verdict of the driver' % (path, word))
            status = 1
    return status


if __name__ == '__main__':
    sys.exit(main())
