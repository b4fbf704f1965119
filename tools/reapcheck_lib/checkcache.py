"""The check pass of the project mode, file by file: each file checked
with the facts reads only its slice of them (slices.py), and its result is
kept under a key made of the file's whole input (its index cache key and
the content of every file it read) and its slice's digest.  A later run
whose input and slice are unchanged takes the result from there: after an
edit, only the files that read the edited file and the files whose slices
changed are checked again (docs/facts.md, "Slices")."""

import json
import os

from . import indexcache, safeio, slices

_FORMAT = 'reapcheck-check-entry'
_VERSION = 1


class SlicedChecks:
    def __init__(self, facts_path, merged, indexed, cache_dir, judge, want_fixes):
        """indexed: by path, the index parts, input keys and whether every
        unit of the path was indexed (indexing._judged).  judge: freezes
        and revives a result (checking.IndexJudge)."""
        self.facts_path = facts_path
        self.merged = merged
        self.indexed = indexed
        self.cache_dir = cache_dir
        self.judge = judge
        self.want_fixes = want_fixes
        self.slice_of = {}  # path -> (slice file, digest)
        self.pending = {}   # id(unit) -> cache entry path

    def facts_for(self, unit):
        """The facts file unit is checked with: its slice, or the whole
        facts when its index parts are not all known."""
        found = self.slice_of.get(unit.path)
        return found[0] if found else self.facts_path

    def plan(self, units):
        """(the results taken from the check cache, the units to run)."""
        from_cache, run = [], []
        for u in units:
            entry = self._entry_for(u)
            revived = self._read(entry, u) if entry else None
            if revived is not None:
                from_cache.append(revived)
                continue
            if entry:
                self.pending[id(u)] = entry
            run.append(u)
        return from_cache, run

    def store(self, results):
        """Keeps the results of the units planned to be cached."""
        for r in results:
            entry = self.pending.get(id(r['unit']))
            frozen = self.judge.freeze(r) if entry else None
            if frozen is not None:
                safeio.ensure_directory(self.cache_dir, 'check cache directory')
                safeio.write_atomic(entry, json.dumps(
                    {'format': _FORMAT, 'version': _VERSION, 'judged': frozen},
                    sort_keys=True) + '\n', 'check cache entry')

    def _entry_for(self, u):
        """Writes u's slice; the path of its check cache entry, or None when
        its result is not cached (a header checked through a source, a
        file built several ways, index parts not all known)."""
        info = self.indexed.get(u.path)
        if not info or not info['known']:
            return None
        if u.path not in self.slice_of:
            text, digest = slices.slice_text(self.merged, info['parts'], u.path)
            where = slices.slice_path(self.facts_path, u.path)
            slices.write_slice(where, text)
            self.slice_of[u.path] = (where, digest)
        if u.only is not None or u.covers or len(info['keys']) != 1:
            return None
        key = indexcache.check_key(info['keys'][0], self.slice_of[u.path][1],
                                   self.want_fixes)
        return os.path.join(self.cache_dir, key + '.json')

    def _read(self, entry, unit):
        """The result kept in entry, or None (no entry, or a damaged one:
        the unit is checked again)."""
        if not os.path.lexists(entry):
            return None
        safeio.replaceable(entry, 'check cache entry')
        try:
            with open(entry) as f:
                data = json.load(f)
        except (OSError, ValueError, RecursionError):
            return None
        if not isinstance(data, dict) or data.get('format') != _FORMAT \
                or data.get('version') != _VERSION \
                or not indexcache.valid_judged(data.get('judged')):
            return None
        return self.judge.revive(unit, data['judged'])
