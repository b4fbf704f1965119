"""The index cache of tools/reapcheck -p (BUILD/.reapcheck-index/): one
entry per unit, holding its index parts, the files it read (deps) and the
check's judgement of the unit in its index run (checking.IndexJudge), under
a key made of everything the unit's run depends on."""

import json

from . import facts, safeio, stamps

# Bumped whenever what goes into a cache key or an entry changes: older
# entries then simply never match.
_CACHE_FORMAT = 'reapcheck-index-entry'
_CACHE_VERSION = 6


def cache_key(tool, unit, source_sha256):
    """Key of one unit's index parts: the tool's fingerprint (clang-tidy,
    the plugin's content, the driver's options), the unit's (compile
    command, working directory, configuration files) and its source's
    content.  The headers it read are checked against the entry itself."""
    return facts.digest('key', _CACHE_VERSION, tool, unit, source_sha256)


def check_key(input_key, slice_digest, want_fixes):
    """Key of a unit's result checked with its facts slice: its input key
    (the tool, its command, source and every file it read: indexing's
    _judged) and the slice's digest."""
    return facts.digest('check', _CACHE_VERSION, input_key, slice_digest, want_fixes)


def valid_judged(judged):
    """The shape checking.IndexJudge.revive and the report rely on."""
    def items(key, fields):
        value = judged.get(key)
        return isinstance(value, list) and all(
            isinstance(i, dict) and all(f in i for f in fields) for i in value)
    return (isinstance(judged, dict) and isinstance(judged.get('included'), list)
            and items('diagnostics', ('file', 'line', 'column', 'level', 'message',
                                      'check', 'notes'))
            and items('inventory', ('file', 'line', 'column', 'verdict'))
            and items('fixes', ('yaml', 'file')) and items('config', ('level', 'message')))


def read_cache_entry(path):
    """(parts, deps, judged) of a cache entry (judged: the check's judgement
    of the unit in its index run, or None).  ValueError for a damaged entry
    (the driver indexes the unit again); safeio.InputError for something
    that is not a file (the driver stops: it is not its to remove)."""
    data = safeio.read_bytes(path, 'cache entry')
    try:
        entry = json.loads(data)
    except RecursionError:
        raise ValueError('JSON nested too deeply')
    except MemoryError:
        raise ValueError('too large to parse')
    if not isinstance(entry, dict) or entry.get('format') != _CACHE_FORMAT \
            or entry.get('version') != _CACHE_VERSION:
        raise ValueError('not an index entry of version %d' % _CACHE_VERSION)
    parts, deps = entry.get('parts'), entry.get('deps')
    if not isinstance(parts, list) or not stamps.valid_deps(deps):
        raise ValueError("malformed index entry: 'parts' or 'deps'")
    for part in parts:
        facts.validate_part(part)
    judged = entry.get('judged')
    if judged is not None and not valid_judged(judged):
        raise ValueError("malformed index entry: 'judged'")
    return parts, deps, judged


def cache_entry_text(parts, deps, judged=None):
    entry = {'format': _CACHE_FORMAT, 'version': _CACHE_VERSION, 'deps': deps,
             'parts': parts}
    if judged is not None:
        entry['judged'] = judged
    return json.dumps(entry, sort_keys=True) + '\n'
