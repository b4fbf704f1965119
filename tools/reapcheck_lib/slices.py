"""Facts slices: the part of a program's facts one file's check reads
(docs/facts.md, "Slices").  An edit elsewhere in the program that changes
none of it leaves the slice, and a result cached under its digest, as they
were.  The driver and the Bazel aspect write them the same way."""

import os

from . import facts, safeio


def names(part):
    """Every function and holder USR the unit's part mentions: the facts
    its check can ask for."""
    functions, holders = set(part.get('entries', [])), set()
    for f in part.get('functions', []):
        functions.add(f['usr'])
        functions.update(f.get('calls', []))
        functions.update(c for c, _ in f.get('any_pid_calls', []))
        functions.update(c for c, _ in f.get('sigchld_args', []))
        for callee, _, arg in f.get('function_args', []):
            functions.update((callee, arg))
    for table in part.get('tables', []):
        functions.update(table.get('functions', []))
    functions.update(part.get('sigchld_handlers', []))
    holders.update(h['usr'] for h in part.get('holders', []))
    return functions, holders


def slice_for(merged, parts, path):
    """The facts a check of the unit at path reads: the functions and
    holders its own part names, and what the program rule says about the
    file.  Everything else is left out, so that an edit elsewhere in the
    program that changes none of these leaves the slice, and the check's
    cached result, as they were."""
    functions, holders = set(), set()
    for part in parts:
        f, h = names(part)
        functions |= f
        holders |= h

    def mine(key):
        return key.split('#', 1)[0] == path

    out = dict(merged)
    out['functions'] = {u: v for u, v in merged['functions'].items() if u in functions}
    out['holders'] = {u: v for u, v in merged['holders'].items() if u in holders}
    kept = [i for i, p in enumerate(merged['programs']) if any(mine(f) for f in p['files'])]
    out['programs'] = [merged['programs'][i] for i in kept]
    # taken_functions names programs by their index: renumbered for the slice.
    out['taken_functions'] = {
        f: {u: [kept.index(i) for i in ps if i in kept] for u, ps in v.items()}
        for f, v in merged.get('taken_functions', {}).items() if mine(f)}
    for key in ('covered_files', 'loop_covered_files', 'blocked_files', 'installed_before_main',
                'group_reaper_files'):
        out[key] = [f for f in merged.get(key, []) if mine(f)]
    for key in ('covered_functions', 'loop_covered_functions'):
        out[key] = {f: v for f, v in merged[key].items() if mine(f)}
    for key in ('entered_reset', 'entered_covered', 'always_reset', 'child_only',
                'taker_installers'):
        out[key] = [u for u in merged.get(key, []) if u in functions]
    return out


def slice_text(merged, parts, path):
    """The slice of path as the file holds it, and its digest.  No stamps
    and no driver record: whoever writes the slices also keeps them fresh,
    and a stamp would make every edit a change of every slice."""
    sliced = slice_for(merged, parts, path)
    sliced['files'] = {}
    sliced.pop('driver', None)
    text = facts.dumps(sliced)
    return text, facts.digest('slice', text)


def slice_path(facts_path, unit_key):
    """Where the slice of the unit known by unit_key (its path, and the
    variant when the file is built several ways) is kept: beside the facts
    file, one file a unit."""
    return os.path.join(facts_path + '.d', facts.digest('unit', unit_key)[:24] + '.json')


def write_slice(path, text):
    """Writes text to path unless it already holds it (an unchanged slice
    keeps its time, for the caches that look at it)."""
    try:
        with open(path) as f:
            if f.read() == text:
                return
    except OSError:
        pass
    safeio.ensure_directory(os.path.dirname(path), 'facts slice directory')
    safeio.write_atomic(path, text, 'facts slice')
