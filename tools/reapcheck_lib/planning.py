"""Choosing the translation units of a run: each one a Unit, one
clang-tidy process.  With -p the compile database lists them (its entries
checked once, in read_database); named files it does not list borrow the
flags of their nearest neighbour there, and a header is checked through a
source that includes it, or else on its own.  Without -p the named files
and directories are checked with default flags."""

import json
import os
import re
import stat

from . import compdb, project, safeio
from .report import UsageError


class Unit:
    """One clang-tidy run.  path: the file given to clang-tidy; directory:
    what the relative paths it prints are relative to; db_dir: the compile
    database, or None when compile_args follow `--`; cwd: where it runs;
    only: the files whose findings and start sites count (None: all);
    covers: headers this unit must be seen to include (-H)."""

    def __init__(self, path, directory, db_dir=None, compile_args=None, cwd=None,
                 only=None):
        self.path = path
        self.directory = directory
        self.db_dir = db_dir
        self.compile_args = compile_args
        self.cwd = cwd
        self.only = only
        self.covers = set()

    def command(self, base, headers=False):
        cmd = list(base)
        if self.covers or headers:
            cmd.append('--extra-arg=-H')
        if self.db_dir is not None:
            return cmd + ['-p', self.db_dir, self.path]
        return cmd + [self.path, '--'] + self.compile_args


def default_args(path):
    """Flags of a file checked without a compile database."""
    std = '-std=c++17' if compdb.is_cxx(path) else '-std=gnu11'
    return [std, '-I' + os.path.dirname(path)]


def header_language(path, cxx_flags):
    return 'c++-header' if cxx_flags or compdb.is_cxx(path) else 'c-header'


class Plan:
    """The units to run, and the notes saying how named files not in the
    compile database are checked."""

    def __init__(self, paths, entries=None, db_dir=None):
        self.paths = paths
        self.entries = entries
        self.db_dir = db_dir
        self.by_file = {e.file: e for e in entries or []}
        self.units = []
        self.notes = []

    def unit_for(self, path):
        for u in self.units:
            if u.path == path:
                return u
        return None

    def borrowed(self, path, header):
        """A unit for a file the database does not list, with the flags of
        the entry that fits it best; the defaults without a database."""
        neighbours = compdb.neighbours(self.entries, path) if self.entries else []
        if not neighbours:
            args = default_args(path)
            if header:
                args += ['-x', header_language(path, False)]
            return Unit(path, self.paths.cwd, compile_args=args, cwd=self.paths.cwd), \
                'the default flags'
        n = neighbours[0]
        args = compdb.flags(n)
        if n.is_cxx() != compdb.is_cxx(path) and not header:
            # A C file next to C++ ones (or the reverse): their -std does not apply.
            args = [a for a in args if not a.startswith('-std=')] + default_args(path)[:1]
        if header:
            args += ['-x', header_language(path, n.is_cxx())]
        return Unit(path, n.directory, compile_args=args, cwd=n.directory), \
            'the flags of %s' % self.paths.display(n.file)

    def add_source(self, path):
        unit, how = self.borrowed(path, header=False)
        self.units.append(unit)
        self.notes.append('%s is not in the compile database: checked with %s'
                          % (self.paths.display(path), how))

    def add_header(self, header):
        """Checks header through a unit of sources that includes it: one
        already planned, else (with a database) a listed source, checked
        for the header's sake only."""
        candidates = [u.path for u in self.units if includes(u.path, header)]
        if not candidates and self.entries:
            listed = [e for e in compdb.neighbours(self.entries, header)
                      if compdb.is_source(e.file) and includes(e.file, header)]
            candidates = [e.file for e in listed]
        if not candidates:
            self.add_header_alone(header)
            return
        unit = self.unit_for(candidates[0])
        if unit is None:
            e = self.by_file[candidates[0]]
            unit = Unit(e.file, e.directory, db_dir=self.db_dir, only=set())
            self.units.append(unit)
        if unit.only is not None:
            unit.only.add(header)
        unit.covers.add(header)
        self.notes.append('%s is checked through %s, which includes it'
                          % (self.paths.display(header), self.paths.display(unit.path)))

    def add_header_alone(self, header, why=''):
        unit, how = self.borrowed(header, header=True)
        self.units.append(unit)
        self.notes.append('%s is checked on its own%s, with %s'
                          % (self.paths.display(header), why, how))


_INCLUDE_RE = re.compile(r'^\s*#\s*(?:include|import)\s*[<"]([^>"]+)[>"]', re.M)


def includes(source, header):
    """Whether source has an #include whose name can be header (the name
    is a trailing part of its path).  A guess that -H confirms."""
    if not os.path.isfile(source):
        return False
    try:
        with open(source, errors='replace') as f:
            names = _INCLUDE_RE.findall(f.read())
    except OSError:
        return False
    return any(header == n or header.endswith('/' + n.lstrip('./')) for n in names)


class Database:
    """The compile database of a -p run, read and checked once.  db_dir:
    where it is (facts and cache go there); tidy_dir: the database
    clang-tidy is given, a copy with absolute directories when the
    original has relative ones (clang-tidy before LLVM 23 would find no
    command for any of them)."""

    def __init__(self, db_file, db_dir, entries, tidy_dir):
        self.db_file = db_file
        self.db_dir = db_dir
        self.entries = entries
        self.tidy_dir = tidy_dir
        self.by_file = {e.file: e for e in entries}


def read_database(args, paths, tmp):
    """The Database of -p, or UsageError naming the file and the entry."""
    db_file = compdb.database_file(args.database)
    entries = compdb.read(db_file)
    shown = paths.display(paths.absolute(db_file))
    for e in entries:
        if not compdb.is_source(e.file):
            continue
        if not os.path.isdir(e.directory):
            raise UsageError('compile database %s: entry %d (%s): directory %s %s'
                             % (shown, e.index, paths.display(e.file), e.directory,
                                'is not a directory' if os.path.exists(e.directory)
                                else 'does not exist'))
        try:
            st = os.stat(e.file)
        except OSError:
            continue  # clang-tidy says the file is missing, as for a compiler
        if not stat.S_ISREG(st.st_mode):
            raise UsageError('compile database %s: entry %d: %s is %s, not a regular file'
                             % (shown, e.index, paths.display(e.file), safeio.kind(st.st_mode)))
    db_dir = os.path.dirname(paths.absolute(db_file))
    tidy_dir = db_dir
    if any(e.relative_directory for e in entries):
        tidy_dir = os.path.join(tmp, 'database')
        os.mkdir(tidy_dir)
        with open(os.path.join(tidy_dir, 'compile_commands.json'), 'w') as f:
            json.dump([e.raw for e in entries], f, indent=1)
    return Database(db_file, db_dir, entries, tidy_dir)


def plan_database(args, paths, db):
    plan = Plan(paths, db.entries, db.tidy_dir)
    wanted = named_paths(args, paths, absolute_in_errors=True)
    sources = sorted(e.file for e in db.entries if compdb.is_source(e.file))
    if wanted:
        sources = [f for f in sources
                   if any(f == w or f.startswith(w.rstrip('/') + '/') for w in wanted)]
    for f in sources:
        e = plan.by_file[f]
        plan.units.append(Unit(f, e.directory, db_dir=plan.db_dir))
    named = [w for w in wanted if os.path.isfile(w) and w not in plan.by_file]
    add_named(plan, named, paths)
    return plan


def plan_files(args, paths):
    plan = Plan(paths)
    roots = args.paths or [os.path.join(project.ROOT, 'examples')]
    if not args.paths and not os.path.isdir(roots[0]):
        raise UsageError('nothing to check: give files, directories or -p BUILD_DIR')
    files = []
    named = []
    for path in named_paths(args, paths) if args.paths else roots:
        if os.path.isdir(path) and not args.paths:
            # The bundled examples that need only the C library; those of
            # examples/libraries need the libraries' headers and flags.
            files.extend(os.path.join(path, n) for n in sorted(os.listdir(path))
                         if compdb.is_source(n))
        elif os.path.isdir(path):
            for dirpath, dirnames, names in os.walk(path):
                dirnames.sort()
                files.extend(os.path.join(dirpath, n) for n in sorted(names)
                             if compdb.is_source(n))
        elif compdb.is_source(path):
            files.append(path)
        else:
            named.append(path)
    for f in sorted(set(files)):
        plan.units.append(Unit(f, paths.cwd, compile_args=default_args(f), cwd=paths.cwd))
    add_named(plan, named, paths)
    return plan


def named_paths(args, paths, absolute_in_errors=False):
    wanted = [paths.absolute(p) for p in args.paths]
    for p, w in zip(args.paths, wanted):
        if '\0' in w:
            raise UsageError('a path contains a NUL byte: %r' % p)
        if not os.path.exists(w):
            raise UsageError('no such file or directory: %s' % (w if absolute_in_errors else p))
        mode = os.stat(w).st_mode
        if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
            raise UsageError('cannot check %s: it is %s' % (p, safeio.kind(mode)))
    return wanted


def add_named(plan, named, paths):
    """Named files the plan does not cover yet: sources missing from the
    database, headers, and files that are neither (a failure)."""
    for f in sorted(set(named)):
        if compdb.is_source(f):
            plan.add_source(f)
    for f in sorted(set(named)):
        if compdb.is_header(f):
            plan.add_header(f)
        elif not compdb.is_source(f):
            raise UsageError('cannot check %s: not a C, C++ or Objective-C source or header'
                             % paths.display(f))


def select_shard(units, shard):
    if not shard:
        return units
    k, n = shard
    return [u for i, u in enumerate(sorted(units, key=lambda u: u.path)) if i % n == k - 1]


def index_units(db):
    """Every source of the compile database, for the index pass."""
    return [Unit(e.file, e.directory, db_dir=db.tidy_dir)
            for e in sorted(db.entries, key=lambda e: e.file) if compdb.is_source(e.file)]
