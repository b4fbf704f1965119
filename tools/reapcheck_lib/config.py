"""Configuration problems, found before any file is checked.

clang-tidy is lenient with configuration: a .clang-tidy it cannot parse is
skipped with a message on stderr (the parent directory's, or the defaults,
apply instead, and the run can exit 0), and an option name no check reads
is ignored.  clang-tidy --verify-config names unknown options (of checks
that store their options, as this one does) and prints the YAML errors;
this module runs it and turns what it prints into problems.  Option values
the check refuses are only known when the check runs: those come from
diagnostics.is_config.
"""

import re
import subprocess

from .project import CHECK

_YAML_RE = re.compile(r'^(?P<loc>.+:\d+:\d+): error: (?P<msg>.*)$')
_VERIFY_RE = re.compile(r'^(?P<src>.*): warning: (?P<msg>.*) \[-verify-config\]$')
_PARSE_RE = re.compile(r'^Error parsing (?P<file>.+?): (?P<msg>.*)$')
_INVALID = 'Error: invalid configuration specified.'


class Problem:
    """error: the run is not trustworthy (exit 2); warning: printed only,
    for other checks' names and options, which this clang-tidy may not
    know."""

    def __init__(self, level, message, snippet=()):
        self.level = level
        self.message = message
        self.snippet = list(snippet)

    def key(self):
        return (self.level, self.message)

    def text(self):
        return '\n'.join(['configuration %s: %s' % (self.level, self.message)] + self.snippet)


def _hint(snippet):
    """LLVM's YAML parser says "unexpected scalar" for a list given where a
    string is expected: say what to write instead."""
    if len(snippet) == 2:
        col = snippet[1].find('^')
        before = snippet[0][:col] if col >= 0 else ''
        if before.rstrip().endswith('[') or snippet[0].lstrip().startswith('- '):
            return " (option values are strings: write a list as 'a;b;c')"
    return ''


def parse_verify(stderr, display):
    """What clang-tidy --verify-config printed -> problems.  display()
    shortens file paths the way the driver prints them."""
    problems = []
    lines = stderr.splitlines()
    yaml_files = set()
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        m = _YAML_RE.match(line)
        if m:
            snippet = lines[i:i + 2]
            i += len(snippet)
            loc = m.group('loc')
            path, _, pos = loc.rpartition(':')
            path, _, lineno = path.rpartition(':')
            yaml_files.add(path)
            problems.append(Problem('error', '%s:%s:%s: %s%s' % (
                display(path), lineno, pos, m.group('msg'), _hint(snippet)), snippet))
            continue
        m = _VERIFY_RE.match(line)
        if m:
            ours = ("'%s." % CHECK) in m.group('msg') or ("'%s'" % CHECK) in m.group('msg')
            problems.append(Problem('error' if ours else 'warning', '%s: %s' % (
                display(m.group('src')), m.group('msg'))))
            continue
        m = _PARSE_RE.match(line)
        if m and m.group('file') not in yaml_files:
            problems.append(Problem('error', 'cannot parse %s: %s'
                                    % (display(m.group('file')), m.group('msg'))))
            continue
        if line.strip() == _INVALID and '<command-line-config>' not in yaml_files:
            problems.append(Problem('error', 'invalid --config value'))
    return problems


def verify(tidy_base, file, cwd, display):
    """(problems, names_checked): runs clang-tidy --verify-config for the
    configuration that applies to file (its directory's .clang-tidy files,
    or --config in tidy_base); names_checked is False where option names
    went unchecked.  clang-tidy 14 has no --verify-config: --dump-config still
    refuses a .clang-tidy or --config it cannot parse (misspelled option
    names then go unnoticed, as docs/getting-started.md says)."""
    problems, stderr = _run_config(tidy_base, '--verify-config', file, cwd, display)
    if "Unknown command line argument '--verify-config'" in stderr:
        problems, _ = _run_config(tidy_base, '--dump-config', file, cwd, display)
        return problems, False
    return problems, True


def _run_config(tidy_base, flag, file, cwd, display):
    """(problems, stderr) of clang-tidy FLAG for file."""
    cmd = list(tidy_base) + [flag, file, '--']
    try:
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              universal_newlines=True, errors='replace', cwd=cwd)
    except OSError as e:
        return [Problem('error', 'cannot run %s: %s' % (cmd[0], e))], ''
    if "Unknown command line argument '%s'" % flag in proc.stderr:
        return [], proc.stderr
    problems = parse_verify(proc.stderr, display)
    if proc.returncode != 0 and not problems:
        problems.append(Problem('error', 'clang-tidy %s exited with status %d: %s'
                                % (flag, proc.returncode, proc.stderr.strip())))
    return problems, proc.stderr
