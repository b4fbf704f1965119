"""Driver behind tools/reapcheck: runs process-unreaped-child over many files.

One clang-tidy process per translation unit, in parallel.  Each process gets
its own REAPCHECK_INVENTORY file, in which the check lists every start site it
analysed with a verdict; the driver merges those lists (a site in a header is
seen by every translation unit that includes it, so sites are deduplicated by
location) and ends with one summary line on stderr: the warnings printed, each
in exactly one count by kind, then the inventory, so that a clean run is
visibly not a vacuous one:

    reapcheck: 1 leaked (1 not reaped); 37 start sites in 12 files: 30 reaped, 6 handed off, 1 not reaped; 14 translation units checked

Diagnostics are printed in clang's format, deduplicated and sorted by location.
Exit status: 0 clean, 1 when the check reported a child process, 2 when
clang-tidy failed on a file, the configuration has an error (a .clang-tidy
clang-tidy cannot parse, an option name or value the check does not know),
or the driver was used wrongly.

Every file named on the command line is checked, or the run fails: a source
the compile database does not list borrows the flags of its nearest
neighbour there, a header is checked through a listed source that includes
it (confirmed with the compiler's -H) or else on its own.

A CI matrix can split the work with --shard K/N and --json FILE on separate
runners, then join the shards with --merge: the merged report, summary line
and exit status are those of one unsharded run.
"""


import argparse
import concurrent.futures
import json
import os
import re
import stat
import sys
import tempfile
import traceback

from . import compdb, config, diagnostics, indexing, inventory, project, safeio, tidyrun
from .project import CHECK
from .report import (Paths, Report, UsageError, excluded, load_shards, parse_fixes,
                     render_diagnostic, write_fixes, write_json, write_sarif)


# --------------------------------------------------------------------------
# Command line
# --------------------------------------------------------------------------

def parse_args(argv):
    ap = argparse.ArgumentParser(
        prog='tools/reapcheck',
        description='Find child processes (fork, popen, posix_spawn...) that are '
                    'started but never reaped. Exit status: 0 clean, 1 findings, '
                    '2 tool failure.')
    ap.add_argument('--llvm-major', default=None, help=argparse.SUPPRESS)
    ap.add_argument('--build-dir', help=argparse.SUPPRESS)
    ap.add_argument('--plugin', help=argparse.SUPPRESS)
    ap.add_argument('--clang-tidy', dest='clang_tidy', help=argparse.SUPPRESS)
    ap.add_argument('--version', action='store_true',
                    help="print reapcheck's version and the LLVM major it is built for")
    ap.add_argument('paths', nargs='*', metavar='PATH',
                    help='files or directories to check (default: examples/); with -p '
                         'they restrict the compile database; with --merge, the JSON '
                         'files to merge')
    ap.add_argument('-p', dest='database', metavar='BUILD_DIR',
                    help='directory holding compile_commands.json (or the file itself); '
                         'named files missing from it are checked with the flags of the '
                         'nearest file it lists, headers through a file that includes them')
    ap.add_argument('--exclude', action='append', default=[], metavar='GLOB',
                    help='skip sources whose path (relative to the current directory, '
                         'absolute, or base name) matches GLOB, and drop findings and '
                         'start sites located in such files; repeatable')
    ap.add_argument('-j', '--jobs', type=int, default=None,
                    help='parallel clang-tidy processes (default: all cores)')
    ap.add_argument('--config', help='clang-tidy --config value (check options)')
    ap.add_argument('--header-filter', dest='header_filter', default='.*', metavar='REGEX',
                    help="headers whose findings are shown (default '.*': every "
                         "non-system header; '' leaves it to clang-tidy and .clang-tidy)")
    ap.add_argument('--extra-arg', dest='extra_args', action='append', default=[],
                    metavar='ARG', help='compiler argument to append (repeatable)')
    ap.add_argument('--extra-arg-before', dest='extra_args_before', action='append',
                    default=[], metavar='ARG',
                    help='compiler argument to prepend (repeatable)')
    ap.add_argument('--export-fixes', dest='export_fixes', metavar='FILE',
                    help='merge the fixes of every clang-tidy run into one YAML file '
                         '(for clang-apply-replacements)')
    ap.add_argument('--sarif', metavar='FILE', help='write the findings as SARIF 2.1.0')
    ap.add_argument('--sarif-root', dest='sarif_root', metavar='DIR',
                    help='make SARIF paths relative to DIR (default: current directory)')
    ap.add_argument('--inventory', action='store_true',
                    help='list every start site with its verdict on stdout')
    ap.add_argument('--shard', metavar='K/N',
                    help='check only shard K of N (files sorted by path, index %% N == K-1)')
    ap.add_argument('--json', metavar='FILE',
                    help='write diagnostics, inventory and fixes as JSON (for --merge)')
    ap.add_argument('--facts', metavar='FILE',
                    help='with -p: the project facts file (what other files start, '
                         'reap and hand off); written by an index pass over the whole '
                         'database, reused while no indexed file changed (default: '
                         'BUILD_DIR/reapcheck-facts.json)')
    ap.add_argument('--no-facts', dest='no_facts', action='store_true',
                    help='judge each file alone, without the index pass')
    ap.add_argument('--index-only', dest='index_only', action='store_true',
                    help='with -p: write the facts file and stop (stage 1 of sharded CI)')
    ap.add_argument('--merge', action='store_true',
                    help='merge the --json outputs of shards given as PATHs into one report')
    args = ap.parse_args(argv)
    if args.jobs is not None and args.jobs < 1:
        ap.error('--jobs must be at least 1')
    if args.shard is not None:
        m = re.match(r'^(\d+)/(\d+)$', args.shard)
        if not m or not 1 <= int(m.group(1)) <= int(m.group(2)):
            ap.error('--shard wants K/N with 1 <= K <= N, got %r' % args.shard)
        args.shard = (int(m.group(1)), int(m.group(2)))
    if (args.facts or args.index_only) and not args.database:
        ap.error('--facts and --index-only need -p BUILD_DIR')
    if args.index_only and args.no_facts:
        ap.error('--index-only and --no-facts contradict each other')
    if args.merge:
        if not args.paths:
            ap.error('--merge needs the JSON files to merge')
        if args.database or args.shard:
            ap.error('--merge cannot be combined with -p or --shard')
    return args


def say(msg):
    sys.stderr.write('reapcheck: %s\n' % msg)


# --------------------------------------------------------------------------
# Choosing the translation units
# --------------------------------------------------------------------------

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


# --------------------------------------------------------------------------
# Running clang-tidy
# --------------------------------------------------------------------------

def tidy_base(args):
    major = args.llvm_major or project.default_llvm_major()
    tidy = args.clang_tidy or '/usr/lib/llvm-%s/bin/clang-tidy' % major
    plugin = args.plugin
    if plugin is None and args.build_dir:
        plugin = os.path.join(args.build_dir, 'libreapcheck.so')
    if plugin is None:
        plugin = os.path.join(project.ROOT, 'build', 'libreapcheck.so')
    base = [tidy]
    if plugin:
        if not os.path.isfile(plugin):
            raise UsageError('no plugin at %s (build it first: tools/reapcheck does)' % plugin)
        base.append('--load=' + plugin)
    base += ['-checks=-*,' + CHECK, '--quiet']
    if args.header_filter:
        base.append('--header-filter=' + args.header_filter)
    if args.config:
        base.append('--config=' + args.config)
    base += ['--extra-arg-before=' + a for a in args.extra_args_before]
    base += ['--extra-arg=' + a for a in args.extra_args]
    return base


def run_unit(unit, base, index, tmp, paths, want_fixes, logs):
    inventory_file = os.path.join(tmp, 'inventory-%d.tsv' % index)
    fixes = os.path.join(tmp, 'fixes-%d.yaml' % index)
    cmd = unit.command(base)
    if want_fixes:
        cmd.insert(1, '--export-fixes=' + fixes)
    env = dict(os.environ, REAPCHECK_INVENTORY=inventory_file)
    result = {'unit': unit, 'diagnostics': [], 'inventory': [], 'fixes': [], 'config': [],
              'failure': None, 'included': set(), 'checked': False}
    if not os.path.isfile(unit.path):
        result['failure'] = 'the file does not exist; not checked'
        return result
    try:
        proc = tidyrun.run(cmd, env, unit.cwd or paths.cwd)
    except OSError as e:
        result['failure'] = 'cannot run %s: %s' % (cmd[0], e)
        return result
    # Skipped or crashed: nothing it printed is a judgement of the unit.
    why = tidyrun.problem(proc, unit.path, cmd, 'check', logs, paths.display)
    if why:
        result['failure'] = why
        return result
    result['checked'] = True

    headers, stderr = diagnostics.included_headers(proc.stderr)
    result['included'] = {os.path.realpath(os.path.join(unit.directory, h))
                          for h in headers}
    diags = diagnostics.parse(proc.stdout, unit.directory)
    result['config'] = [d for d in diags if diagnostics.is_config(d)]
    diags = [d for d in diags if not diagnostics.is_config(d)]
    sites = []
    if os.path.isfile(inventory_file):
        with open(inventory_file, errors='replace') as f:
            sites = inventory.parse(f.read(), unit.directory, warn=say)
    fix_items = []
    if want_fixes and os.path.isfile(fixes):
        with open(fixes, errors='replace') as f:
            fix_items = parse_fixes(f.read())
        for item in fix_items:
            item['file'] = paths.absolute(item['file'], item['directory'] or unit.directory)
    if unit.only is not None:
        diags = [d for d in diags if d['file'] in unit.only or d['level'] == 'error'
                 and d['check'] != CHECK]
        sites = [s for s in sites if s['file'] in unit.only]
        fix_items = [i for i in fix_items if i['file'] in unit.only]
    result.update(diagnostics=diags, inventory=sites, fixes=fix_items)

    # clang-tidy exits non-zero on compiler errors, which leave the unit
    # unjudged (and on findings promoted by WarningsAsErrors, or on an
    # option value the check refuses, which do not).
    own_errors = [d for d in diags if d['level'] == 'error' and d['check'] == CHECK]
    other_errors = [d for d in diags if d['level'] in ('error', 'fatal error')
                    and d['check'] != CHECK]
    explained = own_errors or result['config']
    if other_errors or (proc.returncode != 0 and not explained) or proc.returncode < 0:
        result['failure'] = 'clang-tidy exited with status %d' % proc.returncode
        if stderr.strip():
            result['failure'] += ':\n' + stderr.rstrip()
    return result


def verify_config(units, base, paths, jobs):
    """--verify-config once per directory holding a unit (.clang-tidy files
    apply by directory), or once when --config replaces them."""
    by_dir = {}
    for u in units:
        by_dir.setdefault(os.path.dirname(u.path), u.path)
    files = sorted(by_dir.values())
    if any(a.startswith('--config=') for a in base):
        files = files[:1]
    problems = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        for found in pool.map(lambda f: config.verify(base, f, paths.cwd, paths.display),
                              files):
            problems.extend(found)
    return problems


def index_units(db):
    """Every source of the compile database, for the index pass."""
    return [Unit(e.file, e.directory, db_dir=db.tidy_dir)
            for e in sorted(db.entries, key=lambda e: e.file) if compdb.is_source(e.file)]


def check(args, paths):
    with tempfile.TemporaryDirectory(prefix='reapcheck-') as tmp:
        return check_in(args, paths, tmp)


def check_in(args, paths, tmp):
    base = tidy_base(args)
    jobs = args.jobs or len(os.sched_getaffinity(0)) or 1
    db = read_database(args, paths, tmp) if args.database else None
    plan = plan_database(args, paths, db) if db else plan_files(args, paths)
    for note in plan.notes:
        say(note)
    units = [u for u in plan.units if not excluded(u.path, args.exclude, paths)]
    if plan.units and not units:
        # A filter that leaves nothing is a mistake in the job, not a pass.
        raise UsageError('nothing to check: --exclude %s leaves none of the %d source '
                         'file%s' % (' '.join("'%s'" % g for g in args.exclude),
                                     len(plan.units), '' if len(plan.units) == 1 else 's'))
    units = select_shard(units, args.shard)
    report = Report()
    if not units:
        say('no source files to check')
        return report
    for p in verify_config(units, base, paths, jobs):
        report.add_config(p.level, p.message, p.snippet)
    if report.config_errors():
        return report
    logs = tidyrun.Logs(db.db_dir if db else None)
    if db and not args.no_facts:
        facts_path = paths.absolute(args.facts) if args.facts else \
            os.path.join(db.db_dir, 'reapcheck-facts.json')
        indexing.ensure_facts(facts_path, db, index_units(db), base, tmp, paths, logs, jobs,
                              say)
        if args.index_only:
            return None
        os.environ['REAPCHECK_FACTS'] = facts_path

    want_fixes = bool(args.export_fixes or args.json)
    results = run_all(units, base, tmp, paths, want_fixes, jobs, 0, logs)
    # Headers the including source turned out not to include (another
    # file of the same name, a conditional #include): on their own.
    unconfirmed = sorted(h for r in results for h in r['unit'].covers
                         if os.path.realpath(h) not in r['included'] and not r['failure'])
    if unconfirmed:
        plan.units = []
        for h in unconfirmed:
            plan.add_header_alone(h, ' (no source includes it)')
        for note in plan.notes[-len(unconfirmed):]:
            say(note)
        results += run_all(plan.units, base, tmp, paths, want_fixes, jobs, len(units), logs)
    for r in results:
        if r['checked']:
            report.units.add(r['unit'].path)
        for d in r['diagnostics']:
            report.add_diagnostic(d)
        for s in r['inventory']:
            report.add_site(s)
        for item in r['fixes']:
            report.add_fix(r['unit'].path, item)
        for d in r['config']:
            report.add_config('warning' if d['level'] == 'warning' else 'error',
                              d['message'])
        if r['failure']:
            report.failures[r['unit'].path] = r['failure']
    return report


def run_all(units, base, tmp, paths, want_fixes, jobs, first_index, logs):
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(run_unit, u, base, first_index + i, tmp, paths, want_fixes,
                               logs)
                   for i, u in enumerate(units)]
        return [f.result() for f in futures]


def version_line(args):
    """reapcheck's version and the LLVM major of the plugin it runs (or
    would build): the installed one, the build directory's, or the
    default."""
    major = args.llvm_major
    if not major:
        major = project.installed_env().get('REAPCHECK_INSTALLED_MAJOR')
    if not major and os.environ.get('REAPCHECK_BUILD_DIR'):
        major = project.build_llvm_major(os.environ['REAPCHECK_BUILD_DIR'])
    major = major or os.environ.get('REAPCHECK_LLVM_MAJOR') or project.default_llvm_major()
    return 'reapcheck %s (%s) for LLVM %s' % (project.version(), CHECK, major)


def main(argv=None):
    try:
        return run(argv)
    except KeyboardInterrupt:
        say('interrupted')
        return 2
    except Exception:  # noqa: BLE001 - the last line of defence, said as such
        # A traceback is no message: keep it in a file and say where.
        fd, path = tempfile.mkstemp(prefix='reapcheck-internal-error-', suffix='.log')
        with os.fdopen(fd, 'w') as f:
            traceback.print_exc(file=f)
        say('internal error (%s); this is a bug of reapcheck, the traceback is in %s'
            % (traceback.format_exception_only(*sys.exc_info()[:2])[-1].strip(), path))
        return 2


def run(argv):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.version:
        print(version_line(args))
        return 0
    paths = Paths(os.getcwd())
    try:
        report = load_shards(args.paths, paths) if args.merge else check(args, paths)
    except (UsageError, safeio.InputError) as e:
        say(str(e))
        return 2
    if report is None:  # --index-only
        return 0
    report.finish(args.exclude, paths)

    for d in report.sorted_diagnostics(paths):
        sys.stdout.write(render_diagnostic(d, paths))
    if args.inventory:
        for s in report.sorted_sites(paths):
            sys.stdout.write('%s:%d:%d\t%s\t%s\t%s\n' % (paths.display(s['file']), s['line'],
                                                        s['column'], s['verdict'], s['api'],
                                                        s['variable']))
    sys.stdout.flush()
    try:
        for out in (args.export_fixes, args.sarif, args.json):
            if out and os.path.dirname(out):
                os.makedirs(os.path.dirname(out), exist_ok=True)
        if args.export_fixes:
            write_fixes(report, args.export_fixes)
        if args.sarif:
            write_sarif(report, args.sarif, args.sarif_root or paths.cwd, paths)
        if args.json:
            write_json(report, args.json, args.shard, paths)
    except OSError as e:
        say('cannot write output: %s' % e)
        return 2
    for p in report.sorted_config():
        say('configuration %s: %s' % (p['level'], '\n'.join([p['message']] + p['snippet'])))
    for f, msg in sorted(report.failures.items()):
        say('clang-tidy failed on %s: %s' % (paths.display(f), msg))
    if report.config_errors() and not report.units:
        say('nothing checked: fix the configuration first')
    else:
        say(report.summary_line())
    return report.exit_status()
