"""Project facts: what each file of a program starts, reaps and hands off
(docs/facts.md).

The check writes one JSON object per translation unit in index mode
(REAPCHECK_INDEX=FILE); merge() joins them into the facts file the check
reads back (option FactsFile, or REAPCHECK_FACTS from the driver).  Index
parts are cached by the content and flags of their source, so unchanged
files are not indexed again.

Programs: a compile database does not say which files link together.  A
program here is a file defining `main` plus every file defining a function
reachable from `main` through calls (by USR); a function with main's
signature named in a table of file scope (a multi-call binary's applet,
busybox's `applet_main[]`) is the main of a program of its own, and the
check treats its return as main's (a process exit, option IgnoreMain).  A
program reaps every child when one of its files installs a SIGCHLD handler
that reaps any child (by the derived facts below) or ignores SIGCHLD, or
when its main calls a function that reaps any child (a main loop calling
its reaper).  A file is covered when
it belongs to at least one program and every program it belongs to reaps
every child; a function, when every program reaching it does.  A unit in
no program, compiled for a shared object, whose calls reach code only one
program contains (a module loaded with dlopen) runs in that program.

Units: a file compiled in one way is known by its path.  A file the
compile database builds in several ways (i3's parsers, built again with
-DTEST_PARSER and a main of their own) is one unit per way, `path#variant`,
the variant being what the check derives from the unit's predefined macros:
its functions and calls are not merged, so the test driver's main does not
inherit the calls the real build of the file makes.

A function reaps any child when its own unit says so, or when it passes a
pid <= 0 to a function whose facts say it reaps that parameter
(`safe_waitpid(-1, ...)`), or calls a function whose own unit says it
reaps any child (one level across files).
"""

import hashlib
import json
import os

from .callgraph import CallGraph, NodeFlags
from . import dispositions, safeio
from .stamps import changed_deps, file_stamp, valid_deps
from . import programs as programs_mod
from .parts import (DUTY_RANK as _DUTY_RANK, holder_group, read_parts,  # noqa: F401
                    validate_part)

FORMAT = 'reapcheck-facts'
VERSION = 1


def digest(*items):
    """sha256 of a sequence of strings (or lists of strings), unambiguous."""
    h = hashlib.sha256()
    for item in items:
        h.update(json.dumps(item).encode())
        h.update(b'\n')
    return h.hexdigest()


def dumps(obj):
    """obj, a JSON object, as the facts file and its slices hold it: one
    top-level key a line, in order, each value compact (json's C encoder,
    which an indent would turn off: the facts of a large program are
    written in a tenth of the time)."""
    return '{\n%s\n}\n' % ',\n'.join(
        '%s: %s' % (json.dumps(key), json.dumps(obj[key], sort_keys=True))
        for key in sorted(obj))


# What a function's facts say that its merged entry keeps as it is (the
# first unit that says it wins): most functions say none of it.
_KEPT_FLAGS = frozenset((
    'resets_sigchld', 'reaps_once', 'reaps_by_poll', 'installs_once', 'constructor',
    'reaper_routine', 'reaper_needs_block', 'reaps_group_only', 'leads_group',
    'leads_session', 'leads_terminal', 'never_returns', 'ends_in', 'loops_forever',
    'spawn_attr_params', 'spawn_attr_forwards', 'pid_group_params'))


def merge(parts, stamps):
    """The facts file's content for these index parts.  stamps: for each
    indexed file, its file_stamp() as it was when it was indexed (not as
    it is now: a file saved since must look stale, not fresh)."""
    functions, holders, defined_in, calls, node_reaps = {}, {}, {}, {}, {}
    files, reaper_files, mains, entries, any_pid = set(), set(), {}, set(), {}
    ignore_files, admitting, blockers = set(), set(), {}  # SIGCHLD blocked for good
    handlers, handler_params, function_args = {}, set(), []
    signal_params, sigchld_args, shared_units = {}, [], set()
    tables, var_files = {}, {}
    reset_flow, cover_flow, always_flow = {}, {}, {}
    installers, child_calls, thread_calls = {}, {}, {}  # by path; by node; by node
    table_calls = {}  # by node: through a private table (installers' callers only)
    installs_taker, resetters, orders = {}, set(), []  # usr -> mask: 1 ignore, 2 reaper
    groups = {}  # holder usr -> its children's group facts, from every unit
    takers = {}  # by path: what it installs that takes every child first
    waiting = set()  # paths that wait for a specific child
    group_parts = {}  # path -> whether its own reapers all reap only their group
    for part in parts:
        if part.get('version') != VERSION:
            raise ValueError('index part of format version %r, expected %d'
                             % (part.get('version'), VERSION))
    variants = {}
    for part in parts:
        variants.setdefault(part['file'], set()).add(part.get('variant', ''))
    stamped = set()
    for part in parts:
        stamped.add(part['file'])
        path = part['file']
        if len(variants[path]) > 1:
            path += '#' + part.get('variant', '')
        files.add(path)
        if part.get('installs_reaper'):
            reaper_files.add(path)
            group_parts[path] = bool(part.get('reaps_group_only'))
        if part.get('ignores_sigchld'):
            ignore_files.add(path)
        if part.get('admits_sigchld'):
            admitting.add(path)
        if part.get('blocks_sigchld'):
            blockers[path] = set(part['blocks_sigchld'])
        if 'installers' in part:
            installers.setdefault(path, set()).update(part['installers'])
        for t in part.get('sigchld_takers', []):
            if t not in takers.setdefault(path, []):
                takers[path].append(t)
        if part.get('specific_waits'):
            waiting.add(path)
        if part.get('shared_object'):
            shared_units.add(path)
        entries.update(part.get('entries', []))
        for table in part.get('tables', []):
            tables.setdefault(path, []).append(table)
            var_files.setdefault(table['var'], set()).add(path)
        for usr in part.get('sigchld_handlers', []):
            handlers.setdefault(usr, set()).add(path)
        for f in part.get('functions', []):
            usr = f['usr']
            entry = functions.get(usr)
            if entry is None:
                entry = functions[usr] = {'name': f['name'], 'params': {}, 'reaps_any': False,
                                          'loop_calls': []}
            if f.get('wrapper') and 'wrapper' not in entry:
                entry.update((k, f[k]) for k in ('wrapper', 'wrapper_unless') if k in f)
            for index, word in f.get('params', {}).items():
                entry['params'].setdefault(index, word)
            for index in f.get('sigchld_handler_params', []):
                handler_params.add((usr, index))
            for index, handler, kernel_reaps in f.get('signal_params', []):
                signal_params[(usr, index)] = (handler, kernel_reaps)
            entry['reaps_any'] = entry['reaps_any'] or f.get('reaps_any', False)
            # reaps_once: no loop; reaper_routine: a loop that does not end.
            for flag in _KEPT_FLAGS.intersection(f):
                if f[flag]:
                    entry[flag] = f[flag]
            if f.get('loop_calls'):
                entry['loop_calls'].extend(f['loop_calls'])
            if f.get('resets_sigchld'):
                resetters.add(usr)
            if f.get('installs_taker'):
                installs_taker[usr] = installs_taker.get(usr, 0) | f['installs_taker']
                entry['installs_taker'] = installs_taker[usr]  # Also where child-only.
            if f.get('entry_order') and f.get('defined'):
                orders.append((path, f['entry_order']))
            if f.get('defined'):
                # Each definition is its own node: every program has its own
                # main, and static functions of the same name are distinct.
                calls.setdefault((usr, path), set()).update(f.get('calls', []))
                # A thread's routine runs in the caller's process: a call.
                # (The lists below are rare: no empty set made for each node.)
                if f.get('thread_calls'):
                    calls[(usr, path)].update(f['thread_calls'])
                    thread_calls.setdefault((usr, path), set()).update(f['thread_calls'])
                if f.get('child_calls'):
                    child_calls.setdefault((usr, path), set()).update(f['child_calls'])
                if f.get('table_calls'):
                    table_calls[(usr, path)] = set(f['table_calls'])
                if f.get('any_pid_calls'):
                    any_pid.setdefault((usr, path), set()).update(
                        (callee, str(index)) for callee, index in f['any_pid_calls'])
                node_reaps[(usr, path)] = f.get('reaps_any', False)
                if 'entered_reset_calls' in f:
                    reset_flow[(usr, path)] = (f.get('reset_calls', []),
                                               f['entered_reset_calls'])
                    cover_flow[(usr, path)] = tuple(f.get(k, []) for k in (
                        'covered_calls', 'entered_covered_calls', 'uncovered_calls',
                        'entered_uncovered_calls'))
                    always_flow[(usr, path)] = (set(f.get('always_reset_calls', [])),
                                                set(f.get('entered_always_reset_calls', [])))
                # A thread's start routine is called there, not by someone unknown.
                function_args.extend((path, callee, index, arg)
                                     for callee, index, arg in f.get('function_args', [])
                                     if arg not in f.get('thread_calls', []))
                sigchld_args.extend((path, callee, index)
                                    for callee, index in f.get('sigchld_args', []))
                defined_in.setdefault(usr, set()).add(path)
                if f.get('main'):
                    mains[path] = usr
        for g in part.get('holder_groups', []):
            groups.setdefault(g['usr'], []).append(g)
        for h in part.get('holders', []):
            old = holders.setdefault(h['usr'], {'duty': 'unjudged'})
            if _DUTY_RANK[h['duty']] > _DUTY_RANK[old['duty']]:
                old['duty'] = h['duty']
            if h.get('signalled'):
                old['signalled'] = True
    for usr, found in groups.items():
        holders.setdefault(usr, {'duty': 'unjudged'})['group'] = holder_group(found, functions)
    programs_mod.derive_functions(functions, calls, thread_calls, any_pid, node_reaps)
    # A block in a thread's start routine is that thread's own mask.
    routines = set().union(*thread_calls.values())
    blockers = {path: users - routines for path, users in blockers.items()}
    unknown_callers = {arg for _, _, _, arg in function_args} | {
        u for ts in tables.values() for t in ts for u in t['functions']}
    child_only = dispositions.child_only(calls, child_calls, defined_in,
                                         unknown_callers | entries | set(mains.values()))
    taker_installers = set(installs_taker)
    reaper_installers = {u for u, mask in installs_taker.items() if mask & 2}
    # A file whose every install of an ignore or a handler runs only in
    # children covers nothing of its programs; neither do its takers.
    child_files = {path for path, users in installers.items()
              if users and users <= child_only}
    reaper_files -= child_files
    ignore_files -= child_files
    for path in list(takers):
        takers[path] = [t for t in takers[path] if t.get('installer') not in child_only]
        if not takers[path]:
            del takers[path]
    # A function given to a parameter its callee installs as the SIGCHLD
    # handler (through a dispatcher: tmux's proc_set_signals) is a handler
    # installed by the caller's file.
    for path, callee, index, arg in function_args:
        if (callee, index) in handler_params:
            handlers.setdefault(arg, set()).add(path)
            # Its calls install the handler each caller gives it.
            taker_installers.add(callee)
            reaper_installers.add(callee)
    # SIGCHLD handed to another file's function that installs a handler (or
    # SIG_IGN) for the signal its parameter names (zsh's
    # install_handler(SIGCHLD)): the caller's file installs it.
    for path, callee, index in sigchld_args:
        handler, kernel_reaps = signal_params.get((callee, index), ('', False))
        if (callee, index) in signal_params and not (handler or kernel_reaps):
            # SIG_DFL for the signals it is given (restore_defaults(sigs,
            # n)): a reset wherever it is called.
            resetters.add(callee)
            functions.get(callee, {})['resets_sigchld'] = True
        if kernel_reaps or handler:
            # Its calls install (whatever signal some of them name: the
            # lean toward no report of installs).
            taker_installers.add(callee)
        if handler:
            reaper_installers.add(callee)
        if kernel_reaps:
            reaper_files.add(path)
            ignore_files.add(path)
        if handler:
            handlers.setdefault(handler, set()).add(path)
    # A SIGCHLD handler that reaps (in a loop) through another file's function.
    for usr, paths in handlers.items():
        if functions.get(usr, {}).get('reaps_any') and not functions[usr].get('reaps_once'):
            reaper_files.update(paths - child_files)
            # Their files' installers install it (those that reset aside).
            installing = {u for path in paths - child_files
                          for u in installers.get(path, ()) if u and u not in resetters}
            taker_installers |= installing
            reaper_installers |= installing
    group_files = programs_mod.group_reaper_files(reaper_files - ignore_files, group_parts,
                                                  handlers, functions)
    by_tables = {n: c | table_calls.get(n, set()) for n, c in calls.items()}
    taker_installers = dispositions.taker_installers(by_tables, taker_installers, child_only)
    reaper_installers = dispositions.taker_installers(by_tables, reaper_installers, child_only)
    roots = sorted((path, usr, None) for path, usr in mains.items())
    for usr in sorted(entries):
        if usr in functions:
            roots += sorted((path, usr, functions[usr]['name'])
                            for path in defined_in.get(usr, ()))
    main_files = {path for path, _, _ in roots}
    graph = CallGraph(calls, tables, var_files, defined_in, main_files,
                      {usr for _, usr, _ in roots})
    programs, reaping_by_node, looping_by_node = [], NodeFlags(), NodeFlags()
    taken_functions = {}  # path -> usr -> the programs with takers reaching it
    # Constructor functions run before main in the program that links their
    # file: known to link it where the database builds one program only.
    constructors = [(u, p) for u, f in functions.items() if f.get('constructor')
                    for p in defined_in.get(u, ())] if len(roots) == 1 else []
    # Nodes by what they are, to meet a program's reach in set operations.
    child_nodes = {n for n in calls if n[0] in child_only}
    routine_nodes = {n for n in calls if n[0] in routines}
    blocking_nodes = {(u, p) for p, users in blockers.items() for u in users}
    order_of = dict(orders)
    for main_file, main_usr, entry in roots:
        root = (main_usr, main_file)
        reached = graph.reach([root, *constructors], main_usr, main_file)
        members = {path for _, path in reached}
        # main's own loop, or a function main calls directly, reaps any child;
        # or a thread the program starts in its parent reaps over and over
        # (one that waits in sigwaitinfo() only where the parent blocks it).
        blocks = not reached.isdisjoint(blocking_nodes)
        order = None if entry else order_of.get(main_file)
        loop_reapers = programs_mod.main_reapers(root, node_reaps, calls, thread_calls, functions,
                                                 defined_in, main_files, {main_file: order})
        threads = [u for u, _ in reached & routine_nodes
                   if functions.get(u, {}).get('reaper_routine') and u not in child_only
                   and (blocks or not functions[u].get('reaper_needs_block'))]
        late = programs_mod.after_loop(root, order, [] if threads else loop_reapers, calls, reached)
        main_reaps = bool(loop_reapers + threads)
        # A handler of a program that blocks SIGCHLD for good never runs.
        blocked = programs_mod.sigchld_blocked(members, reached, blockers, admitting)
        reapers = members & (ignore_files if blocked else reaper_files)
        program = {'main': main_file, 'files': sorted(members),
                   'reaps_every_child': bool(reapers) or main_reaps,
                   'reaps_group_only': bool(reapers or main_reaps) and reapers <= group_files
                   and all(functions.get(u, {}).get('reaps_group_only')
                           for u in loop_reapers + threads),
                   # By main's own loop: a SIG_DFL reset does not undo it.
                   'reaps_by_loop': main_reaps}
        taken = [t for path in program['files'] for t in takers.get(path, [])]
        if taken:
            # Where the program's parent ignores SIGCHLD or installs a
            # handler that reaps any child (process-reaper-conflict).
            program['sigchld_takers'] = taken
        if entry:
            program['entry'] = entry
        if blocked:
            program['sigchld_blocked'] = True
        programs.append(program)
        # A reaper thread and main's loop run in the parent only: a function run only
        # in children has the handlers and ignores alone, which fork copies.
        # Nor does a function main calls only after its loop ended.
        child = (reached & child_nodes) | late
        parent = reached - child
        reaping_by_node.add(parent, program['reaps_every_child'])
        reaping_by_node.add(child, bool(reapers))
        looping_by_node.add(parent, main_reaps)
        looping_by_node.add(child, False)
        if taken:
            for node in reached:
                if node[1] in waiting:
                    taken_functions.setdefault(node[1], {}).setdefault(node[0], []).append(
                        len(programs) - 1)
    programs_mod.link_by_calls(programs, files & shared_units, calls, defined_in)
    # Where a program's parent reaps every child, what its main calls
    # before the install is judged reset (entered_from_main); a program that
    # reaps none needs no order.
    # A constructor function of the program that installs runs before main.
    preinstalled = programs_mod.installed_before_main(programs, functions, defined_in,
                                                      taker_installers)
    covered_mains = {p['main'] for p in programs if p['reaps_every_child']} - preinstalled
    covered, covered_functions = programs_mod.coverage(files, programs, reaping_by_node,
                                                       'reaps_every_child', defined_in)
    # The same, with main's loops only (what a SIG_DFL reset leaves).
    loop_covered, loop_covered_functions = programs_mod.coverage(
        files, programs, looping_by_node, 'reaps_by_loop', defined_in)
    return {'format': FORMAT, 'version': VERSION,
            'files': {f: stamps[f] for f in sorted(stamped) if f in stamps},
            'functions': {u: functions[u] for u in sorted(functions)},
            'holders': {u: holders[u] for u in sorted(holders)},
            'programs': programs,
            'covered_files': covered,
            'covered_functions': covered_functions,
            'loop_covered_files': loop_covered,
            'loop_covered_functions': loop_covered_functions,
            'group_reaper_files': programs_mod.coverage(files, programs, None,
                                                        'reaps_group_only')[0],
            'blocked_files': sorted({f for p in programs if p.get('sigchld_blocked')
                                     for f in p['files']}),
            'installed_before_main': sorted(preinstalled),
            'entries': sorted(u for u in entries if u in functions),
            'taken_functions': taken_functions,
            'entered_reset': dispositions.entered_reset(
                calls, reset_flow, defined_in, [o for path, o in orders if path in covered_mains],
                taker_installers, reaper_installers, resetters, set(mains.values())),
            'taker_installers': sorted(taker_installers),
            'reaper_installers': sorted(reaper_installers),
            'entered_covered': dispositions.entered_covered(
                calls, cover_flow, defined_in,
                dispositions.child_covered(calls, child_calls, child_only, installers)),
            'child_only': sorted(child_only),
            'always_reset': dispositions.always_reset(calls, always_flow, unknown_callers)}


def _shape_problem(facts):
    """What is wrong with the shape of a facts file of this version, or
    None: the keys the driver and the check read."""
    files = facts.get('files')
    if not isinstance(files, dict):
        return "'files' is %s, not an object" % safeio.describe(files)
    for path, st in files.items():
        if not isinstance(st, dict) or not isinstance(st.get('sha256'), str):
            return "'files' entry %s is not a stamp" % path
    for key in ('functions', 'holders', 'covered_functions', 'loop_covered_functions'):
        if not isinstance(facts.get(key, {}), dict):
            return "'%s' is not an object" % key
    for key in ('programs', 'covered_files', 'loop_covered_files', 'blocked_files',
                'installed_before_main', 'entries', 'group_reaper_files'):
        if not isinstance(facts.get(key, []), list):
            return "'%s' is not a list" % key
    driver = facts.get('driver')
    if not isinstance(driver, dict) or not isinstance(driver.get('inputs'), str) \
            or not valid_deps(driver.get('deps')):
        return "'driver' is missing or malformed"
    return None


def load(facts_path):
    """The facts file at facts_path, for the driver to reuse or replace:
    None when there is none or it has another version (it is written
    again).  safeio.InputError when the path holds what the driver must not
    replace (a link, a directory, a special file, a file that is not a
    facts file) or a damaged facts file."""
    safeio.replaceable(facts_path, 'facts file')
    if not os.path.lexists(facts_path):
        return None
    facts = safeio.read_json(facts_path, 'facts file')
    if not isinstance(facts, dict) or facts.get('format') != FORMAT:
        raise safeio.InputError(
            'facts file %s is not a reapcheck facts file; not replaced (remove it, or '
            'give --facts another path)' % safeio.show(facts_path))
    if facts.get('version') != VERSION:
        return None
    problem = _shape_problem(facts)
    if problem:
        raise safeio.InputError('facts file %s is damaged: %s; remove it to index again'
                                % (safeio.show(facts_path), problem))
    return facts


def is_fresh(facts, facts_path, inputs):
    """True when facts (from load()) were written for these inputs (the
    tool's and every unit's fingerprint) and no file they depend on (the
    sources and every header they read) changed content since.  Files only
    touched (a fresh checkout on another CI runner) get their stamps
    refreshed in place, so that the check does not call the facts stale."""
    if facts is None or facts['driver']['inputs'] != inputs:
        return False
    deps = facts['driver']['deps']
    changed, touched = changed_deps(deps)
    if changed:
        return False
    if touched:
        deps.update(touched)
        for path, dep in touched.items():
            if path in facts['files']:
                facts['files'][path] = file_stamp(dep)
        write(facts, facts_path)
    return True


def write(facts, facts_path):
    safeio.write_atomic(facts_path, dumps(facts), 'facts file')
