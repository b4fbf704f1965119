"""The index pass of tools/reapcheck -p: every source of the compile
database indexed (or taken from the cache), the parts merged into the facts
file (docs/facts.md).

What may change an answer is part of a key, so that nothing stale is
reused:
  tool   clang-tidy (path, size, mtime), the plugin's content (the built-in
         models are compiled into it), the driver's clang-tidy options
  unit   the unit's compile command, its working directory, its file and
         the .clang-tidy files that apply to it
  deps   the content of the source and of every header it read (clang's -H
         list), stamped when the unit was indexed
A cache entry is found by tool, unit and source content, then used only
while its deps are unchanged.  The facts file records the inputs (tool and
every unit) and all deps: it is reused only while both still match.

A file saved while the pass runs must not leave facts of the old code
under the new file's stamp.  Deps are stamped before the unit runs (the
source) or checked against the run's time span (headers): a file changed
during its unit's run is indexed again at once, and before the merge every
unit's deps are checked again, so that one changed after its run is
indexed again too.  A file that keeps changing stops the run.
"""

import concurrent.futures
import os
import threading
import time

from . import diagnostics, facts, indexcache, parking, safeio, stamps, tidyrun
from .report import UsageError

_TRIES = 3


class Indexer:
    def __init__(self, base, db, tmp, paths, logs, judge=None, listed=False, park=None):
        self.base = base
        # park: where units that wait for the facts are kept (parking.py),
        # with judge and listed; None: none waits.
        self.park = park if judge and listed else None
        # judge(unit, proc, inventory_file, fixes_file): the check's result
        # of a unit indexed now (the index run judges the unit too, without
        # facts), kept (and cached, judge.freeze/revive) so that the check
        # pass can reuse it.
        self.judge = judge
        # listed: process-unreaped-child runs (the driver always indexes
        # with it), and lists the files each unit read (REAPCHECK_DEPS);
        # else clang's -H does.
        self.listed = listed
        self.db = db
        self.tmp = tmp
        self.paths = paths
        self.logs = logs
        self.cache_dir = os.path.join(db.db_dir, '.reapcheck-index')
        self.lock = threading.Lock()
        self.configs = {}
        self.hashes = {}
        self.stamps = {}  # path -> its stamp, for this pass
        self.stat_memo = {}  # for changed_deps() of cache entries
        self.runs = 0
        self.tool = self._tool_fingerprint()

    # -- keys ---------------------------------------------------------------

    def _tool_fingerprint(self):
        plugin = next((a[len('--load='):] for a in self.base if a.startswith('--load=')), None)
        tidy = self.base[0]
        items = [self.base]
        for path in (tidy, plugin):
            if not path:
                continue
            try:
                real = os.path.realpath(path)
                st = os.stat(real)
                content = safeio.sha256_file(real) if path == plugin else ''
            except OSError as e:
                raise UsageError('cannot read %s: %s' % (path, e.strerror))
            items.append([real, str(st.st_size), str(st.st_mtime_ns) if not content else '',
                          content])
        return facts.digest(*items)

    def _config_files(self, directory):
        """(path, sha256) of every .clang-tidy from directory up to /: what
        clang-tidy reads for a file there."""
        with self.lock:
            if directory in self.configs:
                return self.configs[directory]
        found = []
        path = os.path.join(directory, '.clang-tidy')
        if os.path.lexists(path):
            try:
                found.append([path, safeio.sha256_file(path) if os.path.isfile(path)
                              else 'not a regular file'])
            except OSError as e:
                found.append([path, e.strerror])
        parent = os.path.dirname(directory)
        if parent != directory:
            found += self._config_files(parent)
        with self.lock:
            self.configs[directory] = found
        return found

    def unit_fingerprint(self, unit):
        e = self.db.by_file[unit.path]
        return facts.digest(e.file, e.directory, e.arguments,
                            self._config_files(os.path.dirname(unit.path)))

    def inputs(self, units):
        return facts.digest(self.tool, sorted(self.unit_fingerprint(u) for u in units))

    def _stamp(self, path, again=False):
        """dep_stamp(path), reading the content once per run for a file
        whose size and mtime do not change (system headers, seen by every
        unit).  A header is looked at once per pass (again=False): one
        changed after that is found by the check of every unit's deps
        before the merge (ensure_facts), and its units indexed again."""
        with self.lock:
            known = None if again else self.stamps.get(path)
        if known is not None:
            return known
        st = os.stat(path)
        key = (path, st.st_size, st.st_mtime_ns)
        with self.lock:
            digest = self.hashes.get(key)
        if digest is None:
            digest = safeio.sha256_file(path)
            with self.lock:
                self.hashes[key] = digest
        stamp = {'size': st.st_size, 'mtime_ns': st.st_mtime_ns, 'sha256': digest}
        with self.lock:
            self.stamps[path] = stamp
        return stamp

    def forget_stamps(self):
        """Files are looked at again (the units of changed files are
        indexed again)."""
        with self.lock:
            self.stamps.clear()
            self.stat_memo.clear()

    # -- one unit -----------------------------------------------------------

    def index(self, unit, run=True):
        """{'parts', 'deps', 'how': 'cached' | 'indexed' | 'failed',
        'problem', 'fatal', 'notes', and 'check' with a judge}.  With
        run=False only the cache is looked up ('failed' on a miss)."""
        result = {'parts': [], 'deps': {}, 'how': 'failed', 'problem': None, 'fatal': None,
                  'notes': []}
        unit_fp = self.unit_fingerprint(unit)
        shown = self.paths.display(unit.path)
        for _ in range(_TRIES):
            try:
                source = self._stamp(unit.path, again=True)
            except OSError as e:
                result['problem'] = 'not indexed (%s)' % e.strerror
                return result
            key = indexcache.cache_key(self.tool, unit_fp, source['sha256'])
            result['key'] = key
            cached = os.path.join(self.cache_dir, key + '.json')
            try:
                found = self._from_cache(cached, shown, result['notes'])
            except safeio.InputError as e:
                result['fatal'] = str(e)
                return result
            if found:
                result.update(parts=found[0], deps=found[1], how='cached')
                if self.judge and found[2] is not None:
                    result['check'] = self.judge.revive(unit, found[2])
                return result
            if not run:
                return result
            outcome = self._run(unit, source, result)
            if outcome != 'again':
                if outcome == 'indexed':
                    judged = self.judge.freeze(result.get('check')) if self.judge else None
                    try:
                        safeio.write_atomic(cached, indexcache.cache_entry_text(
                            result['parts'], result['deps'], judged), 'cache entry')
                    except safeio.InputError as e:
                        result['fatal'] = str(e)
                return result
        result['fatal'] = '%s kept changing while it was indexed (%d tries)' % (shown, _TRIES)
        return result

    def _from_cache(self, cached, shown, notes):
        """(parts, deps, judged) of a usable cache entry, or None."""
        if not os.path.lexists(cached):
            return None
        safeio.replaceable(cached, 'cache entry')
        try:
            parts, deps, judged = indexcache.read_cache_entry(cached)
        except ValueError as e:
            # A damaged entry (a full disk, an edit by hand): indexed
            # again, and said.
            notes.append('the cached index part of %s is damaged (%s); indexed it again'
                         % (shown, e))
            return None
        changed, touched = stamps.changed_deps(deps, self.stat_memo)
        if changed:
            return None  # a header it read changed: an ordinary miss
        deps.update(touched)
        return parts, deps, judged

    def _run(self, unit, source, result):
        """Runs the index; 'indexed', 'failed' or 'again' (a file changed
        while it ran)."""
        with self.lock:
            self.runs += 1
            part_file = os.path.join(self.tmp, 'index-%d.jsonl' % self.runs)
        cmd = unit.command(self.base, headers=not self.listed)
        env = dict(os.environ, REAPCHECK_INDEX=part_file)
        deps_file = part_file[:-len('.jsonl')] + '-deps.txt'
        if self.listed:
            env['REAPCHECK_DEPS'] = deps_file
        env.pop('REAPCHECK_FACTS', None)
        env.pop('REAPCHECK_INVENTORY', None)
        inventory_file = fixes_file = None
        if self.judge:
            inventory_file = part_file[:-len('.jsonl')] + '-inventory.tsv'
            fixes_file = part_file[:-len('.jsonl')] + '-fixes.yaml'
            env['REAPCHECK_INVENTORY'] = inventory_file
            cmd.insert(1, '--export-fixes=' + fixes_file)
        start = time.time_ns()
        if self.park is not None:
            self.park.drop(unit.path)  # Indexed again: its earlier run is stale.
        try:
            proc = parking.run(self.park, unit, cmd, env, unit.cwd or self.paths.cwd)
        except OSError as e:
            result['fatal'] = 'cannot run %s: %s' % (cmd[0], e.strerror)
            return 'failed'
        end = time.time_ns()
        parked = proc if isinstance(proc, tidyrun.Parked) else None
        outcome = self._read_run(unit, source, result, proc, parked, cmd, start, end,
                                 part_file, deps_file)
        if parked and outcome == 'indexed':
            self.park.keep(unit.path, parked, inventory_file, fixes_file)
        elif parked:
            parked.abort()
        elif outcome == 'indexed' and self.judge:
            result['check'] = self.judge(unit, proc, inventory_file, fixes_file)
        return outcome

    def _read_run(self, unit, source, result, proc, parked, cmd, start, end, part_file,
                  deps_file):
        """What the index run (parked: waiting for its facts, alive) wrote:
        its parts and the files it read; 'indexed', 'failed' or 'again'."""
        why = None if parked else tidyrun.problem(proc, unit.path, cmd, 'index', self.logs,
                                                  self.paths.display)
        if why:
            result['fatal'] = 'clang-tidy failed on %s: %s' % (self.paths.display(unit.path), why)
            return 'failed'
        if not self.listed:
            headers, _ = diagnostics.included_files(proc, unit.directory)
        elif os.path.exists(deps_file):
            with open(deps_file, errors='replace') as f:
                headers = {safeio.real_header(unit.directory, name)
                           for name in f.read().splitlines() if name}
        elif parked or proc.returncode == 0:
            result['problem'] = 'not indexed (the check listed no files it read)'
            return 'failed'
        else:
            headers = set()  # Not indexed below: it did not compile.
        if not os.path.exists(part_file):
            if not parked and proc.returncode != 0:
                # A unit that does not compile is not judged, nor indexed.
                result['problem'] = 'not indexed (clang-tidy exited with status %d)' \
                    % proc.returncode
                return 'failed'
            parts = []  # nothing for the check to match: nothing to tell
        else:
            try:
                with open(part_file, errors='replace') as f:
                    parts = facts.read_parts(f.read())
                for part in parts:
                    facts.validate_part(part)
            except ValueError as e:
                result['problem'] = 'not indexed (%s)' % e
                return 'failed'
        deps = {unit.path: source}
        moved = []
        try:
            now = os.stat(unit.path)
            if (now.st_size, now.st_mtime_ns) != (source['size'], source['mtime_ns']):
                moved.append(unit.path)
        except OSError:
            moved.append(unit.path)
        with self.lock:  # One look for the headers stamped this pass.
            known = {h: self.stamps.get(h) for h in headers}
        for h in sorted(headers):
            stamp = known[h]
            if stamp is None:
                try:
                    stamp = self._stamp(h)
                except OSError:
                    moved.append(h)
                    continue
            deps[h] = stamp
            if start <= stamp['mtime_ns'] <= end:
                moved.append(h)
        if moved:
            result['notes'].append('%s changed while %s indexed; indexing it again' % (
                ', '.join(self.paths.display(m) for m in moved),
                'it was' if moved == [unit.path] else
                '%s was' % self.paths.display(unit.path)))
            return 'again'
        result.update(parts=parts, deps=deps, how='indexed')
        return 'indexed'

    # -- the pass -------------------------------------------------------------

    def run_all(self, units, jobs):
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            return list(pool.map(self.index, units))


def ensure_facts(facts_path, db, units, base, tmp, paths, logs, jobs, say, rewrite,
                 judge=None, listed=False, park=None):
    """The facts file for -p runs: reused while fresh, else written by an
    index pass (unchanged units come from the cache).  rewrite: the command
    that writes it again, recorded for the check's staleness warning.
    Returns (the facts, the results of judge by path for the units judged
    in their index run now or in the cache, the callees each such unit
    calls, the paths of those that wait for a specific child, the holders
    each such unit signals (with the group the unit alone gives each,
    facts.holder_group(), and whether it signals that group), the index
    parts and cache keys by path, whether
    the facts were written now)."""
    existing = facts.load(facts_path)
    indexer = Indexer(base, db, tmp, paths, logs, judge, listed, park)
    inputs = indexer.inputs(units)
    if facts.is_fresh(existing, facts_path, inputs):
        # Fresh and complete: reused without a word.
        return (existing,) + _judged(units, [indexer.index(u, run=False) for u in units]) \
            + (False,)
    safeio.ensure_directory(indexer.cache_dir, 'cache directory')
    results = indexer.run_all(units, jobs)
    for _ in range(_TRIES):
        _stop_on_fatal(units, results, say)
        now = {}  # every file looked at once, now that every unit ran
        again = [i for i, r in enumerate(results)
                 if r['how'] != 'failed' and stamps.changed_deps(r['deps'], now)[0]]
        if not again:
            break
        indexer.forget_stamps()
        for i in again:
            changed = stamps.changed_deps(results[i]['deps'], now)[0]
            say('project facts: %s changed after %s indexed; indexing it again'
                % (', '.join(paths.display(c) for c in changed),
                   'it was' if changed == [units[i].path] else
                   '%s was' % paths.display(units[i].path)))
        for i, r in zip(again, indexer.run_all([units[i] for i in again], jobs)):
            results[i] = r
    else:
        raise UsageError('project facts: files keep changing while they are indexed; '
                         'run again when nothing is being saved')
    _stop_on_fatal(units, results, say)

    parts, file_stamps, deps = [], {}, {}
    skipped = cached = 0
    for unit, r in zip(units, results):
        for note in r['notes']:
            say('project facts: ' + note)
        if r['how'] == 'cached':
            cached += 1
        elif r['how'] == 'failed':
            skipped += 1
            say('project facts: %s %s' % (paths.display(unit.path), r['problem']))
            continue
        parts.extend(r['parts'])
        deps.update(r['deps'])
        for part in r['parts']:
            file_stamps[part['file']] = stamps.file_stamp(r['deps'][unit.path])
    try:
        merged = facts.merge(parts, file_stamps)
    except ValueError as e:
        raise UsageError('project facts: %s' % e)
    # A unit that was not indexed is tried again next time.
    merged['driver'] = {'inputs': 'incomplete' if skipped else inputs, 'deps': deps}
    merged['rewrite'] = rewrite
    facts.write(merged, facts_path)
    indexed = len(units) - skipped - cached
    say('project facts: %d file%s (%d indexed now, %d from the cache%s), %d program%s -> %s'
        % (len(units), '' if len(units) == 1 else 's', indexed, cached,
           ', %d not indexed' % skipped if skipped else '', len(merged['programs']),
           '' if len(merged['programs']) == 1 else 's', paths.display(facts_path)))
    return (merged,) + _judged(units, results) + (True,)


def _judged(units, results):
    """The judgements of the units that have one, their callees, the paths
    of those that wait for a specific child, the holders they signal (the
    group each has by that unit alone, whether it signals the group), and
    by path the index parts and input keys of every unit (for its facts
    slice and check cache: the index cache key and the content of every
    file the unit read)."""
    judged, callees, waits, signals, indexed = {}, {}, set(), {}, {}
    for unit, r in zip(units, results):
        entry = indexed.setdefault(unit.path, {'parts': [], 'keys': [], 'known': True})
        entry['parts'].extend(r['parts'])
        # The unit's whole input: its index key (tool, command, source)
        # and the content of every file it read (a header edited under an
        # unchanged source changes the key).
        entry['keys'].append(r.get('key') and facts.digest(
            r['key'], sorted((path, d['sha256']) for path, d in r['deps'].items())))
        # A unit without its index part (not indexed, no cache entry) gets
        # the whole facts, never a slice missing its own facts.
        entry['known'] = entry['known'] and r['how'] in ('cached', 'indexed')
        if r.get('check') is not None:
            judged.setdefault(unit.path, []).append(r['check'])
            callees.setdefault(unit.path, set()).update(
                c for part in r['parts'] for f in part.get('functions', [])
                for c in f.get('calls', []))
            if any(part.get('specific_waits') for part in r['parts']):
                waits.add(unit.path)
            own = {}  # what the unit alone keeps in each holder, as to groups
            for part in r['parts']:
                for g in part.get('holder_groups', []):
                    own.setdefault(g['usr'], []).append(g)
            signals.setdefault(unit.path, {}).update(
                (h['usr'], (facts.holder_group(own[h['usr']], {}) if h['usr'] in own else None,
                            h.get('group_signalled', False)))
                for part in r['parts'] for h in part.get('holders', [])
                if h.get('signalled'))
    return judged, callees, waits, signals, indexed


def _stop_on_fatal(units, results, say):
    """Units clang-tidy skipped or crashed on, a cache that cannot be
    used: the facts would be silently incomplete, so the run stops."""
    fatal = [(u, r) for u, r in zip(units, results) if r['fatal']]
    if not fatal:
        return
    for note in (n for _, r in fatal for n in r['notes']):
        say('project facts: ' + note)
    for _, r in fatal[:-1]:
        say('project facts: ' + r['fatal'])
    raise UsageError('project facts: ' + fatal[-1][1]['fatal'])
