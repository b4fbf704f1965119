"""What the driver remembers of a file an index part depends on (a dep
stamp: size, modification time, content digest), and whether files still
match their stamps (docs/facts.md, "What makes facts and cache entries
stale")."""

import os

from . import safeio


def dep_stamp(path):
    """What the driver remembers of a file an index part depends on."""
    st = os.stat(path)
    return {'size': st.st_size, 'mtime_ns': st.st_mtime_ns, 'sha256': safeio.sha256_file(path)}


def file_stamp(dep):
    """The stamp the check compares (facts 'files') from a dep_stamp."""
    return {'size': dep['size'], 'mtime': dep['mtime_ns'] // 10**9, 'sha256': dep['sha256']}


def changed_deps(deps, memo=None):
    """(paths whose content differs from their stamp or that vanished,
    stamps of files only touched).  A file whose size and modification
    time are those of its stamp is not read again.  memo: a dict shared by
    the calls of one moment (every unit's deps, checked at once), so that
    a header hundreds of units read is looked at once."""
    changed, touched = [], {}
    for path, old in sorted(deps.items()):
        now = memo.get(path) if memo is not None else None
        if now is None:
            try:
                st = os.stat(path)
                now = (st.st_size, st.st_mtime_ns)
            except OSError:
                now = ()
            if memo is not None:
                memo[path] = now
        if not now:
            changed.append(path)
            continue
        if now == (old['size'], old['mtime_ns']):
            continue
        try:
            stamp = dep_stamp(path)
        except OSError:
            changed.append(path)
            continue
        if stamp['sha256'] != old['sha256']:
            changed.append(path)
        else:
            touched[path] = stamp
    return changed, touched


def valid_deps(deps):
    return isinstance(deps, dict) and all(
        isinstance(p, str) and isinstance(d, dict)
        and isinstance(d.get('size'), int) and isinstance(d.get('mtime_ns'), int)
        and isinstance(d.get('sha256'), str) for p, d in deps.items())
