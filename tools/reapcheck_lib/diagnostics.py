"""The parser of clang-tidy's output (clang's diagnostic format)."""

import os
import re

from . import safeio

DIAG_RE = re.compile(r'^(?P<file>[^\s:][^:]*):(?P<line>\d+):(?P<col>\d+): '
                     r'(?P<level>warning|error|fatal error|note|remark): (?P<text>.*)$')
# Diagnostics without a location: clang-tidy's own, such as an option value
# a check refuses ("error: invalid value ... [clang-tidy-config]").
BARE_RE = re.compile(r'^(?P<level>warning|error|fatal error): (?P<text>.*)$')
CHECK_SUFFIX_RE = re.compile(r'^(?P<msg>.*) \[(?P<checks>[A-Za-z0-9_.,+\-]+)\]$')
CONFIG_CHECK = 'clang-tidy-config'


def _split_check(text, level):
    cm = CHECK_SUFFIX_RE.match(text)
    if cm and level != 'note':
        return cm.group('msg'), cm.group('checks').split(',')
    return text, []


def _diag(m, file, directory):
    text, checks = _split_check(m.group('text'), m.group('level'))
    return {
        'file': os.path.normpath(os.path.join(directory, file)) if file else '',
        'line': int(m.group('line')) if file else 0,
        'column': int(m.group('col')) if file else 0,
        'level': m.group('level'),
        'message': text,
        'check': checks[0] if checks else '',
        'check_suffix': ','.join(checks),
        'snippet': [],
        'notes': [],
    }


def parse(output, directory):
    """clang-tidy's stdout -> diagnostics, each with its notes and the source
    excerpt lines printed below it; paths are made absolute against the
    directory clang-tidy resolved them in.  Diagnostics without a location
    have file '' and line 0."""
    diags = []
    current = None
    for line in output.splitlines():
        m = DIAG_RE.match(line)
        b = None if m else BARE_RE.match(line)
        if m or b:
            d = _diag(m, m.group('file'), directory) if m else _diag(b, '', directory)
            if d['level'] == 'note' and diags:
                diags[-1]['notes'].append(d)
            else:
                diags.append(d)
            current = d
        elif current is not None:
            current['snippet'].append(line)
    return diags


# The one warning of the check that is not at a start site: a popen() stream
# closed with fclose() (checks/Reporting.cpp, reportFclose).  It has no
# inventory line, so the summary counts it from the diagnostic.
FCLOSE_RE = re.compile(r"^stream '.*' from popen\(\) is closed with fclose\(\)")


def is_fclose(d):
    """The check's warning that a popen() stream is closed with fclose()."""
    return bool(FCLOSE_RE.match(d['message']))


def is_config(d):
    """A configuration problem clang-tidy reports while checking a file."""
    return d['check'] == CONFIG_CHECK


def included_files(proc, directory):
    """(the real paths of the headers a finished clang-tidy run listed with
    -H, relative ones taken from directory; the rest of its stderr).  Worked
    out once per run: the index pass and the judgement of its result both
    ask."""
    found = getattr(proc, 'reapcheck_included', None)
    if found is None or found[0] != directory:
        headers, rest = included_headers(proc.stderr)
        found = (directory, {safeio.real_header(directory, h) for h in headers}, rest)
        proc.reapcheck_included = found
    return found[1], found[2]


def included_headers(stderr):
    """(headers -H listed, the rest of stderr).  -H prints one line per
    included header: dots (its depth), a space and its name.  Told apart
    with string methods: the index pass reads hundreds of thousands."""
    headers = []
    rest = []
    for line in stderr.splitlines():
        if line[:1] == '.':
            name = line.lstrip('.')
            if name[:1] == ' ' and len(name) > 1:
                headers.append(name[1:])
                continue
        rest.append(line)
    return headers, '\n'.join(rest)
