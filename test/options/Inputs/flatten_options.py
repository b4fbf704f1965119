#!/usr/bin/env python3
"""Prints the CheckOptions of `clang-tidy -dump-config` as `key=value` lines.

clang-tidy 14 writes CheckOptions as a list of `- key: K` / `value: V` pairs,
later majors as a `K: V` map; this gives one form to test against.
"""
import re
import sys

key = None
for line in sys.stdin:
    m = re.match(r"\s*- key:\s+(\S+)\s*$", line)
    if m:
        key = m.group(1)
        continue
    m = re.match(r"\s*value:\s+(.*?)\s*$", line)
    if m and key:
        print('%s=%s' % (key, m.group(1).strip("'")))
        key = None
        continue
    m = re.match(r"\s+([\w.-]+\.\w+):\s+(.*?)\s*$", line)
    if m:
        print('%s=%s' % (m.group(1), m.group(2).strip("'")))
