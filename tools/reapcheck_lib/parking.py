"""Units that wait with their AST for the facts (docs/facts.md, "Parked
units"): in the index pass of a first run, a unit whose judgement
without facts leaves a start site to them (a verdict other than reaped or
no parent-child) does not end: its clang-tidy says "parked" and waits; the
check pass gives it its facts after the merge, and it judges the unit on
the AST it already has instead of parsing the file again.

A parked clang-tidy holds its unit's memory while the rest of the pass
runs, so the units parked at once are kept within a budget: a quarter of
the memory available when the run starts, to the control group when it has
a limit (REAPCHECK_PARK_MEMORY=MIB sets it; 0 parks none).  A unit beyond
it is judged without facts in its index run, and checked again, parsing it
again, when the facts may change that.
A parked unit the check pass does not need (taken from the check cache,
left out by --exclude or --shard) is told to end unjudged; every one ends
before the driver does."""

import os
import threading

from . import tidyrun


def memory_budget():
    """Bytes the parked units may hold at once: a quarter of the memory
    available (to the run's control group when that has a limit).
    ValueError for a REAPCHECK_PARK_MEMORY that is no number of MiB."""
    given = os.environ.get('REAPCHECK_PARK_MEMORY')
    if given is not None:
        if not given.strip().isdigit():
            raise ValueError('REAPCHECK_PARK_MEMORY=%r: expected a number of MiB '
                             '(0 parks none)' % given)
        return int(given) * 1024 * 1024
    available = None
    try:
        with open('/proc/meminfo') as f:
            for line in f:
                if line.startswith('MemAvailable:'):
                    available = int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    room = _cgroup_room()
    if room is not None:
        available = room if available is None else min(available, room)
    return max(0, available or 0) // 4


def _cgroup_room():
    """What the memory limit of the run's control group (v2, or v1's
    memory controller) leaves, or None without a limit."""
    paths = {'v2': '', 'v1': ''}
    try:
        with open('/proc/self/cgroup') as f:
            for line in f:
                _, controllers, path = line.rstrip('\n').split(':', 2)
                if controllers == '':
                    paths['v2'] = path
                elif 'memory' in controllers.split(','):
                    paths['v1'] = path
    except (OSError, ValueError):
        pass
    # Inside a container its own group is the mount's root.
    for limit, usage in [('/sys/fs/cgroup%s/memory.max' % d, 'memory.current')
                         for d in (paths['v2'], '')] + \
                        [('/sys/fs/cgroup/memory%s/memory.limit_in_bytes' % d,
                          'memory.usage_in_bytes') for d in (paths['v1'], '')]:
        try:
            with open(limit) as f:
                word = f.read().strip()
            if word == 'max':
                return None
            with open(os.path.join(os.path.dirname(limit), usage)) as f:
                used = int(f.read().split()[0])
            limit = int(word)
        except (OSError, ValueError, IndexError):
            continue
        return None if limit >= 1 << 60 else limit - used
    return None


class ParkLot:
    def __init__(self, budget, parkable_paths):
        """parkable_paths: the paths that may park (a file compiled once:
        the check pass takes a parked run by its path)."""
        self.budget = budget
        self.parkable = set(parkable_paths)
        self.lock = threading.Lock()
        self.held = 0
        self.parked = {}  # path -> (Parked, inventory file, fixes file)
        self.resumed = 0

    def offer(self, path):
        """True when the unit at path may park now."""
        with self.lock:
            return path in self.parkable and path not in self.parked and \
                self.held < self.budget

    def keep(self, path, handle, inventory_file, fixes_file):
        with self.lock:
            self.parked[path] = (handle, inventory_file, fixes_file)
            self.held += handle.resident

    def take(self, path, resuming=False):
        """(Parked, inventory file, fixes file) of the unit at path, or None;
        the caller resumes (resuming: counted) or aborts it."""
        with self.lock:
            found = self.parked.pop(path, None)
            if found:
                self.held -= found[0].resident
                self.resumed += bool(resuming)
            return found

    def keep_only(self, paths):
        """Aborts the parked units whose paths are not in paths."""
        with self.lock:
            gone = [p for p in self.parked if p not in paths]
        for p in gone:
            self.drop(p)

    def drop(self, path):
        found = self.take(path)
        if found:
            found[0].abort()

    def abort_all(self):
        with self.lock:
            left, self.parked, self.held = list(self.parked.values()), {}, 0
        for handle, _, _ in left:
            handle.abort()


def run(park, unit, cmd, env, cwd):
    """tidyrun.run() of an index run, which parks when park (a ParkLot, or
    None) lets it."""
    if park is not None and park.offer(unit.path):
        return tidyrun.run_parkable(cmd, env, cwd)
    return tidyrun.run(cmd, env, cwd)
