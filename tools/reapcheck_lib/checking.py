"""Running the check: clang-tidy once per planned unit, in parallel, each
with its own REAPCHECK_INVENTORY file, after --verify-config and (with -p)
the index pass; then the results of every unit merged into one Report.
A unit clang-tidy skipped, crashed on or could not compile is a failure
of the run, not a pass."""

import concurrent.futures
import os
import shlex
import tempfile

from . import (checkcache, config, diagnostics, indexing, inventory, parking, project, safeio,
               tidyrun)
from .cli import say
from .planning import index_units, plan_database, plan_files, read_database, select_shard
from .project import CHECK, MODULE_CHECKS
from .report import Report, UsageError, excluded, parse_fixes


def tidy_base(args, checks=None):
    """The clang-tidy command all units share: the checks asked for (or
    checks), the plugin, the options."""
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
    checks = checks or getattr(args, 'checks', None) or [CHECK]
    base += ['-checks=-*,' + ','.join(checks), '--quiet']
    if args.header_filter:
        base.append('--header-filter=' + args.header_filter)
    if args.config:
        base.append('--config=' + args.config)
    base += ['--extra-arg-before=' + a for a in args.extra_args_before]
    base += ['--extra-arg=' + a for a in args.extra_args]
    return base


def run_unit(unit, base, index, tmp, paths, want_fixes, logs, facts_file=None, park=None):
    """The unit's result checked (with facts_file, or those the environment
    names); a unit parked in the index pass (park) is judged by that run."""
    found = park.take(unit.path, resuming=True) \
        if park is not None and unit.only is None and not unit.covers else None
    if found:
        return _resume(unit, found, paths, want_fixes, logs,
                       facts_file or os.environ.get('REAPCHECK_FACTS', ''))
    inventory_file = os.path.join(tmp, 'inventory-%d.tsv' % index)
    fixes = os.path.join(tmp, 'fixes-%d.yaml' % index)
    cmd = unit.command(base)
    if want_fixes:
        cmd.insert(1, '--export-fixes=' + fixes)
    env = dict(os.environ, REAPCHECK_INVENTORY=inventory_file)
    if facts_file is not None:
        env['REAPCHECK_FACTS'] = facts_file
    result = _empty_result(unit)
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
    return judge_run(result, unit, proc, inventory_file, fixes, want_fixes, paths)


def _resume(unit, parked, paths, want_fixes, logs, facts_file):
    handle, inventory_file, fixes = parked
    result = _empty_result(unit)
    proc = handle.resume(facts_file)
    why = tidyrun.problem(proc, unit.path, handle.cmd, 'check', logs, paths.display)
    if why:
        result['failure'] = why
        return result
    return judge_run(result, unit, proc, inventory_file, fixes, want_fixes, paths)


class IndexJudge:
    """The check's judgement of a unit in its index run (which has no
    facts), and its form in the index cache."""

    _KEPT = ('diagnostics', 'inventory', 'fixes', 'config')

    def __init__(self, paths):
        self.paths = paths

    def __call__(self, unit, proc, inventory_file, fixes):
        return judge_run(_empty_result(unit), unit, proc, inventory_file, fixes, True,
                         self.paths)

    def freeze(self, r):
        if r is None or r['failure']:
            return None
        frozen = {k: r[k] for k in self._KEPT}
        frozen['included'] = sorted(r['included'])
        return frozen

    def revive(self, unit, frozen):
        r = _empty_result(unit)
        r.update({k: frozen[k] for k in self._KEPT}, included=set(frozen['included']),
                 checked=True)
        return r


def _empty_result(unit):
    return {'unit': unit, 'diagnostics': [], 'inventory': [], 'fixes': [], 'config': [],
            'failure': None, 'included': set(), 'checked': False}


def judge_run(result, unit, proc, inventory_file, fixes, want_fixes, paths):
    """The result of a clang-tidy run of the unit that neither was skipped
    nor crashed: what it found, or why the unit stays unjudged."""
    result['checked'] = True
    stderr = read_output(result, unit, proc, inventory_file, fixes, want_fixes, paths)
    diags = result['diagnostics']

    # clang-tidy exits non-zero on compiler errors, which leave the unit
    # unjudged (and on findings promoted by WarningsAsErrors, or on an
    # option value the check refuses, which do not).
    own_errors = [d for d in diags if d['level'] == 'error' and d['check'] in MODULE_CHECKS]
    other_errors = [d for d in diags if d['level'] in ('error', 'fatal error')
                    and d['check'] not in MODULE_CHECKS]
    explained = own_errors or result['config']
    if other_errors or (proc.returncode != 0 and not explained) or proc.returncode < 0:
        result['failure'] = 'clang-tidy exited with status %d' % proc.returncode
        if stderr.strip():
            result['failure'] += ':\n' + stderr.rstrip()
    return result


def read_output(result, unit, proc, inventory_file, fixes, want_fixes, paths):
    """Fills result with what a judged unit printed and wrote: the headers
    it included, its diagnostics and configuration problems, its start
    sites and fixes (those in unit.only when that is set).  Returns the
    rest of its stderr."""
    result['included'], stderr = diagnostics.included_files(proc, unit.directory)
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
                 and d['check'] not in MODULE_CHECKS]
        sites = [s for s in sites if s['file'] in unit.only]
        fix_items = [i for i in fix_items if i['file'] in unit.only]
    result.update(diagnostics=diags, inventory=sites, fixes=fix_items)
    return stderr


def _config_files(directory):
    """The .clang-tidy files that may apply to a file of directory: each
    one from it up to the root (clang-tidy reads the nearest, and with
    InheritParentConfig the ones above it too)."""
    found = []
    while True:
        candidate = os.path.join(directory, '.clang-tidy')
        if os.path.isfile(candidate):
            found.append(candidate)
        parent = os.path.dirname(directory)
        if parent == directory:
            return tuple(found)
        directory = parent


def verify_config(units, base, paths, jobs):
    """--verify-config once per set of .clang-tidy files that applies to a
    unit's directory (directories under the same files share their
    configuration), or once when --config or --config-file replaces them.
    Where it checked every option name, the check is told not to scan
    again."""
    by_config = {}
    for u in sorted(units, key=lambda u: u.path):
        by_config.setdefault(_config_files(os.path.dirname(u.path)), u.path)
    files = sorted(by_config.values())
    if any(a.startswith(('--config=', '--config-file=')) for a in base):
        files = files[:1]
    problems, names_checked = [], True
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        for found, checked in pool.map(
                lambda f: config.verify(base, f, paths.cwd, paths.display), files):
            problems.extend(found)
            names_checked = names_checked and checked
    if names_checked:
        # The check's own configuration scan would say the same again.
        os.environ['REAPCHECK_CONFIG_VERIFIED'] = '1'
    return problems


def check(args, paths):
    with tempfile.TemporaryDirectory(prefix='reapcheck-') as tmp:
        park = []
        try:
            return check_in(args, paths, tmp, park)
        finally:
            for lot in park:  # None left waiting, nor unreaped.
                lot.abort_all()


def _park_lot(args, db, units):
    """Where the index pass keeps units that wait for the facts, or None:
    only process-unreaped-child of this module's checks may run (the others
    judge a unit at its end too, without the facts), and not with
    REAPCHECK_NO_PARK (the caller asks only when the index pass judges).  A
    file with several commands (clang-tidy runs them one after another in
    one process) never parks."""
    if [c for c in MODULE_CHECKS if c in args.checks] != [CHECK] or \
            os.environ.get('REAPCHECK_NO_PARK'):
        return None
    seen = {}
    for u in units:
        seen[u.path] = seen.get(u.path, 0) + 1
    try:
        budget = parking.memory_budget()
    except ValueError as e:
        raise UsageError(str(e))
    return parking.ParkLot(budget,
                           [p for p, n in seen.items()
                            if n == 1 and getattr(db.by_file.get(p), 'commands', 0) == 1])


def check_in(args, paths, tmp, park_lots):
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
    report.checks.update(args.checks)
    if not units:
        say('no source files to check')
        return report
    for p in verify_config(units, base, paths, jobs):
        report.add_config(p.level, p.message, p.snippet)
    if report.config_errors():
        return report
    logs = tidyrun.Logs(db.db_dir if db else None)
    want_fixes = bool(args.export_fixes or args.json)
    reused, sliced = [], None
    if db and not args.no_facts:
        facts_path = paths.absolute(args.facts) if args.facts else \
            os.path.join(db.db_dir, 'reapcheck-facts.json')
        judge = None if args.index_only or os.environ.get('REAPCHECK_TWO_PASS') else \
            IndexJudge(paths)
        # process-unreaped-child writes the index parts: a run without it
        # indexes with it alone, and checks every file with the facts.
        index_base = base
        if CHECK not in args.checks:
            index_base = tidy_base(args, [CHECK])
            judge = None
        to_index = index_units(db)
        park = _park_lot(args, db, to_index) if judge else None
        if park is not None:
            park_lots.append(park)
        indexed = indexing.ensure_facts(facts_path, db, to_index, index_base, tmp,
                                        paths, logs, jobs, say,
                                        rewrite_command(args, db.db_dir, facts_path), judge,
                                        listed=True, park=park)
        if args.index_only:
            return None
        os.environ['REAPCHECK_FACTS'] = facts_path
        merged, judged, callees, waits, signals, by_path, wrote = indexed
        if judge:
            if 'process-orphaned-descendants' not in args.checks:
                signals = {}
            # Only process-reaper-conflict reads which programs' takers
            # reach a wait (taken_functions).
            if 'process-reaper-conflict' not in args.checks:
                waits = set()
            reused, units = reuse_index_runs(units, merged, judged, callees, waits, signals,
                                             wrote, CHECK in args.checks)
            if not want_fixes:
                for r in reused:
                    r['fixes'] = []
        if not os.environ.get('REAPCHECK_FULL_FACTS'):
            sliced = checkcache.SlicedChecks(facts_path, merged, by_path,
                                             os.path.join(db.db_dir, '.reapcheck-index',
                                                          'checks'),
                                             IndexJudge(paths), want_fixes)
            planned = len(units)
            from_cache, units = sliced.plan(units)
            if from_cache and wrote:
                say('project facts: %d of the %d file%s to check with the facts taken from '
                    'the check cache (the files they read and their facts slices unchanged)'
                    % (len(from_cache), planned, '' if planned == 1 else 's'))
            reused += from_cache
    elif args.no_facts:
        # Set and empty: the check looks for no facts file of its own.
        os.environ['REAPCHECK_FACTS'] = ''

    park = park_lots[0] if park_lots else None
    if park is not None:  # Those not checked now end at once, unjudged.
        park.keep_only({u.path for u in units if u.only is None and not u.covers})
    results = reused + run_all(units, base, tmp, paths, want_fixes, jobs, 0, logs,
                               sliced.facts_for if sliced else None, park)
    if park is not None and park.resumed:
        say('project facts: %d file%s judged with the facts on the AST of %s index run '
            '(not parsed again)' % (park.resumed, '' if park.resumed == 1 else 's',
                                    'its' if park.resumed == 1 else 'their'))
    if sliced:
        sliced.store(results)
    # Headers the including source turned out not to include (another
    # file of the same name, a conditional #include): on their own.
    unconfirmed = sorted(h for r in results for h in r['unit'].covers
                         if safeio.real_path(h) not in r['included'] and not r['failure'])
    if unconfirmed:
        plan.units = []
        for h in unconfirmed:
            plan.add_header_alone(h, ' (no source includes it)')
        for note in plan.notes[-len(unconfirmed):]:
            say(note)
        results += run_all(plan.units, base, tmp, paths, want_fixes, jobs, len(units), logs)
    add_results(report, results)
    return report


def reuse_index_runs(units, merged, judged, callees, waits, signals, wrote, inventoried):
    """One parse per file: the index pass judged each unit it indexed now
    without facts.  That judgement stands where the facts cannot change it:
    every start site of the unit is reaped in the unit (or needs no reap),
    the unit calls no start wrapper, it waits for no specific child in a
    program where another file ignores SIGCHLD or installs a reaper
    (waits: by path, when process-reaper-conflict runs), and it signals
    no holder to which the facts give another group than the unit alone
    does (signals: by path, the
    holders a unit signals and their group by the unit alone, when
    process-orphaned-descendants runs), and, when it starts a child (its
    inventory lists a start; when process-unreaped-child, which writes the
    inventory, does not run, every unit counts: not `inventoried`), it
    calls no function that by the facts makes a child lead a group
    (`leads_group`), moves the process it is given into a group
    (`pid_group_params`) or fills spawn attributes (`spawn_attr_params`).
    Returns (the results reused, the units to check again with the facts).
    A judgement cached with its unit's index part serves as well: its key is
    the unit's whole input."""
    functions = merged.get('functions', {})
    wrappers = {usr for usr, f in functions.items() if f.get('wrapper')}
    # These change only the group of a child the unit starts itself.
    movers = {usr for usr, f in functions.items()
              if f.get('leads_group') or f.get('spawn_attr_params') or
              f.get('pid_group_params')}
    taken = {path.split('#', 1)[0] for path in merged.get('taken_functions', {})}
    holders = merged.get('holders', {})

    def kind(group):
        return group['kind'] if group else None

    def groups_change(path):
        # The facts change an orphan verdict where a holder the unit signals
        # leads a group by the facts and not by the unit alone, or the
        # reverse (a kill of one process), or leads none (a group kill).
        for usr, (own, group_kill) in signals.get(path, {}).items():
            merged = holders.get(usr, {}).get('group')
            judged_by = 'none' if group_kill else 'leader'
            if (kind(merged) == judged_by) != (kind(own) == judged_by):
                return True
        return False
    reused, again = [], []
    for u in units:
        runs = judged.get(u.path, [])
        r = runs[0] if len(runs) == 1 and u.only is None and not u.covers else None
        if r is None or r['failure'] or \
                any(s['verdict'] not in inventory.FINAL for s in r['inventory']) or \
                callees.get(u.path, set()) & wrappers or \
                ((r['inventory'] or not inventoried) and callees.get(u.path, set()) & movers) or \
                (u.path in waits and u.path in taken) or \
                groups_change(u.path):
            again.append(u)
        else:
            reused.append(r)
    if reused and wrote:  # A run that reused fresh facts says nothing of them.
        say('project facts: %d of %d file%s judged in the index pass, %d checked '
            'with the facts' % (len(reused), len(units), '' if len(units) == 1 else 's',
                                len(again)))
    return reused, again


def add_results(report, results):
    """The results of run_unit, merged into report."""
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


def rewrite_command(args, db_dir, facts_path):
    """The command that writes these facts again, as the check shows it
    when they are stale: the driver's path and the options that are part
    of the facts' key."""
    tools = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    words = [os.path.join(tools, 'reapcheck'), '-p', db_dir]
    if args.config is not None:
        words += ['--config', args.config]
    if args.header_filter != '.*':
        words += ['--header-filter', args.header_filter]
    for arg in args.extra_args_before:
        words += ['--extra-arg-before', arg]
    for arg in args.extra_args:
        words += ['--extra-arg', arg]
    words.append('--index-only')
    if os.path.basename(facts_path) != 'reapcheck-facts.json' or \
            os.path.dirname(facts_path) != db_dir:
        words += ['--facts', facts_path]
    return shlex.join(words)


def run_all(units, base, tmp, paths, want_fixes, jobs, first_index, logs, facts_for=None,
            park=None):
    """facts_for(unit): the facts file the unit is checked with (its
    slice), or None: the one the environment names.  park: the units
    parked in the index pass (parking.ParkLot)."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(run_unit, u, base, first_index + i, tmp, paths, want_fixes,
                               logs, facts_for(u) if facts_for else None, park)
                   for i, u in enumerate(units)]
        return [f.result() for f in futures]
