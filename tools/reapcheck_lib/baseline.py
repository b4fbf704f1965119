"""--baseline FILE: report only the findings an earlier run did not have.

A team adopting the checks in an old code base runs them once on main and
keeps the --sarif or --json output as the baseline; a pull request's run with
--baseline then prints, counts and fails on its new findings only.

A finding is recognised by its fingerprint, which survives edits around it:

    fingerprint  sha256(check, file, message, text of its line)  + ':' + N
    context      sha256(text of the two lines before and after it)

The file is relative to the root (--sarif-root, else the current directory),
so two checkouts of one repository agree; the line's text is taken without
whitespace, so re-indenting, shifting the line or editing elsewhere in the
function keeps the fingerprint; messages carry no line numbers.  N counts the
findings of equal hash in the file from the top (GitHub's convention, which
keeps SARIF's partialFingerprints unique).  Matching ignores N: within one
hash, findings whose context also matches pair first, the rest in order, so
a second identical leak added above a known one makes one new finding.

What it cannot follow: a renamed or moved file, or an edit of the finding's
own line (both make a new finding, and the old one counts as gone).
"""

import hashlib
import os

from . import safeio

FINGERPRINT = 'reapcheckFingerprint/v2'
CONTEXT = 'reapcheckContext/v1'
_AROUND = 2


class BaselineError(Exception):
    """A baseline file that cannot be used; said as is (exit status 2)."""


def _sha(parts):
    return hashlib.sha256('\0'.join(parts).encode('utf-8', 'replace')).hexdigest()


def _bare(text):
    return ''.join(text.split())


class Sources:
    """The lines of each source file, read once (an unreadable file has
    none, so its findings fingerprint on check, file and message only)."""

    def __init__(self):
        self._lines = {}

    def lines(self, path):
        if path not in self._lines:
            try:
                with open(path, encoding='utf-8', errors='replace') as f:
                    self._lines[path] = f.read().splitlines()
            except OSError:
                self._lines[path] = []
        return self._lines[path]


def fingerprints(findings, root, sources):
    """{id(d): (fingerprint, context)} for \\p findings, given sorted by
    location (the order N counts in)."""
    seen, out = {}, {}
    for d in findings:
        lines = sources.lines(d['file'])
        i = d['line'] - 1
        text = _bare(lines[i]) if 0 <= i < len(lines) else ''
        rel = os.path.relpath(d['file'], root)
        h = _sha([d['check'], rel, d['message'], text])[:32]
        seen[h] = seen.get(h, 0) + 1
        around = lines[max(0, i - _AROUND):max(0, i)] + lines[i + 1:i + 1 + _AROUND]
        out[id(d)] = ('%s:%d' % (h, seen[h]), _sha([_bare(t) for t in around])[:16])
    return out


def load(filename, json_format):
    """The (hash, context) of every finding of a baseline: a SARIF file or a
    --json file (format \\p json_format) written by reapcheck."""
    data = safeio.read_json(filename, 'baseline')
    if isinstance(data, dict) and data.get('format') == json_format:
        entries = [(d.get('fingerprint'), d.get('context'))
                   for d in data.get('diagnostics', [])
                   if isinstance(d, dict) and d.get('level') in ('warning', 'error')]
        where = 'diagnostic'
    elif isinstance(data, dict) and isinstance(data.get('runs'), list):
        entries = []
        for run in data['runs']:
            for r in (run.get('results') or []) if isinstance(run, dict) else []:
                pf = r.get('partialFingerprints', {}) if isinstance(r, dict) else {}
                pf = pf if isinstance(pf, dict) else {}
                entries.append((pf.get(FINGERPRINT), pf.get(CONTEXT)))
        where = 'result'
    else:
        raise BaselineError('baseline %s is neither SARIF nor a reapcheck --json file'
                            % filename)
    result = []
    for n, (fp, ctx) in enumerate(entries, 1):
        if not isinstance(fp, str) or ':' not in fp or not isinstance(ctx, str):
            raise BaselineError('baseline %s: %s %d has no %s fingerprint (another tool '
                                'wrote it, or an older reapcheck): write the baseline '
                                'again with this one' % (filename, where, n, FINGERPRINT))
        result.append((fp.rsplit(':', 1)[0], ctx))
    return result


def known_findings(findings, prints, baseline):
    """The findings of \\p findings the baseline has, as a set of id(d):
    within one hash, first those whose context matches too, then the rest
    in order."""
    pool = {}
    for h, ctx in baseline:
        pool.setdefault(h, []).append(ctx)
    known = set()
    for exact in (True, False):
        for d in findings:
            fp, ctx = prints[id(d)]
            contexts = pool.get(fp.rsplit(':', 1)[0])
            if id(d) in known or not contexts or (exact and ctx not in contexts):
                continue
            contexts.remove(ctx if exact else contexts[0])
            known.add(id(d))
    return known


def stamp(report, root, paths, sources):
    """Gives every finding of \\p report its 'fingerprint' and 'context'
    (kept where a merged shard brought them: its run read the sources)."""
    findings = [d for d in report.sorted_diagnostics(paths) if report.is_finding(d)]
    prints = fingerprints(findings, root, sources)
    for d in findings:
        if 'fingerprint' not in d or 'context' not in d:
            d['fingerprint'], d['context'] = prints[id(d)]


def apply(report, entries, paths):
    """Drops the findings of \\p report that the baseline \\p entries has;
    returns (how many were dropped, how many baseline findings are gone)."""
    findings = [d for d in report.sorted_diagnostics(paths) if report.is_finding(d)]
    prints = {id(d): (d['fingerprint'], d['context']) for d in findings}
    known = known_findings(findings, prints, entries)
    for key in [k for k, d in report.diagnostics.items() if id(d) in known]:
        del report.diagnostics[key]
    report.mark_unreported()
    return len(known), len(entries) - len(known)
