"""Programs of the project facts (facts.merge()): the definitions a
program links, the files a unit built for a shared object joins by its
calls, the files that reap only their own process group, and what every
program of a file or a function has in common (its coverage)."""

import os

from . import dispositions


def sigchld_blocked(members, reached, blockers, admitting):
    """True when a program blocks SIGCHLD for good, so that no SIGCHLD
    handler of it ever runs: it reaches a function its unit found blocking
    SIGCHLD in the parent (a part's blocks_sigchld, by file), and none of its
    files may let the signal in again (admits_sigchld: an unblock, a mask put
    back, sigsuspend, pselect...).  The order of the two is not followed."""
    return not (members & admitting) and any(
        (usr, path) in reached
        for path, usrs in blockers.items() if path in members for usr in usrs)


def installed_before_main(programs, functions, defined_in, installers):
    """The main files of the programs one of whose files defines a
    constructor function (`__attribute__((constructor))`, facts
    `constructor`) that installs an ignore or a reaper (installers: the
    merge's taker_installers): it runs before main, which is then not
    entered with SIGCHLD at its default."""
    constructors = [u for u, f in functions.items() if f.get('constructor') and u in installers]
    return {p['main'] for p in programs
            if any(set(defined_in.get(u, ())) & set(p['files']) for u in constructors)}


def link_by_calls(programs, files, calls, defined_in):
    """A unit in no program, compiled for a shared object (files: those
    units), whose calls reach code that only one program contains runs in
    that program: zsh's modules, loaded with dlopen, call the shell's own
    functions (nothing calls them by name).  Calls of code shared by several
    programs (a library) do not decide; a unit calling the own code of two
    programs joins neither.  A unit not built for a shared object (a test
    whose runner supplies main) is left out: it runs in a program of its
    own the database does not show."""
    membership = {}
    for i, program in enumerate(programs):
        for path in program['files']:
            membership.setdefault(path, set()).add(i)
    callees_of = {}
    for (_, where), callees in calls.items():
        callees_of.setdefault(where, set()).update(callees)
    for path in sorted(files - set(membership)):
        hosts = set()
        for callee in callees_of.get(path, ()):
            for where in defined_in.get(callee, ()):
                if where != path and len(membership.get(where, ())) == 1:
                    hosts |= membership[where]
        if len(hosts) == 1:
            program = programs[hosts.pop()]
            program['files'] = sorted(program['files'] + [path])
            program.setdefault('linked_by_calls', []).append(path)


def coverage(files, programs, by_node, key, defined_in=None):
    """The files every program of which has `key`, and by file the functions
    every program reaching which has it (by_node: callgraph.NodeFlags, or
    None).  A function counts on its own: a
    file shared with a program that never calls its starting function (a
    test driver with its own main) does not cost that function its reaper.
    A file whose programs all have the key but one of whose functions does
    not (one run only in children, which a reaper thread or main's loop does
    not reach) is not covered as a whole: every other function it defines
    (defined_in) is listed instead."""
    seen, left_out = (by_node.seen, by_node.unset) if by_node else (set(), set())
    in_some, lacking = set(), set()
    for p in programs:
        in_some.update(p['files'])
        if not p[key]:
            lacking.update(p['files'])
    whole = (files & in_some) - lacking
    split = whole & {path for _, path in left_out}
    covered = whole - split
    functions = {}
    for usr, path in sorted(seen - left_out):
        if path not in covered:
            functions.setdefault(path, []).append(usr)
    for usr, paths in sorted((defined_in or {}).items()):
        for path in sorted(paths & split):
            if (usr, path) not in seen:
                functions.setdefault(path, []).append(usr)
    return sorted(covered), {path: sorted(usrs) for path, usrs in functions.items()}


def derive_reaps_any(functions, calls, thread_calls, any_pid, node_reaps):
    """Adds what other files' facts tell about reaping any child: a pid <= 0
    passed to a parameter its callee reaps, or a call of a function whose
    own unit found it reaps any child (one level, not a closure: a program
    whose every path reaches some final reap-any is not a reaper).  A thread
    a function starts is not a call of it here: the thread reaps, not the
    function.  One that reaps only through functions that reap only by
    WNOHANG polls run once (reaps_by_poll) is taken to call them once: it
    reaps only by such polls too."""
    own = {usr: f['reaps_any'] and not f.get('reaps_by_poll') for usr, f in functions.items()}
    polls = {usr for usr, f in functions.items() if f['reaps_any'] and f.get('reaps_by_poll')}

    def reaps_via(node):
        return (any(functions.get(callee, {}).get('params', {}).get(index) == 'reaps'
                    for callee, index in any_pid.get(node, ()))
                or any(own.get(callee, False)
                       for callee in calls.get(node, set()) - thread_calls.get(node, set())))

    for node in list(node_reaps):
        if node_reaps[node]:
            continue
        if reaps_via(node):
            node_reaps[node] = True
            functions[node[0]]['reaps_any'] = True
        elif (calls.get(node, set()) - thread_calls.get(node, set())) & polls:
            node_reaps[node] = True
            functions[node[0]].update(reaps_any=True, reaps_by_poll=True)


def main_reapers(root, node_reaps, calls, thread_calls, functions, defined_in,
                 main_files, orders):
    """The functions through which a program's root reaps any child itself:
    the root, and each function it calls directly that reaps any child.
    One that reaps only by WNOHANG polls run once (reaps_by_poll) counts
    only where it runs again: for a main, when its entry_order (orders, by
    path) calls it in a block on a cycle; a root without one is taken to.
    The root's own such polls were judged where they are, by its unit
    (docs/process/unreaped-child.rst)."""
    usr, path = root
    order = orders.get(path)
    again = repeated_calls(order) if order else None

    def counts(callee):
        return (not functions.get(callee, {}).get('reaps_by_poll')
                or again is None or callee in again)
    found = [usr] if node_reaps.get(root) and not functions[usr].get('reaps_by_poll') else []
    found += [u for u in calls.get(root, set()) - thread_calls.get(root, set())
              for w in definitions_linked(u, path, path, defined_in, main_files)
              if node_reaps.get((u, w), False) and counts(u)]
    return found


def after_loop(root, order, loop_reapers, calls, reached):
    """The functions of a program whose main reaps by its own loop that
    run only after that loop has ended: reached only through main's calls
    after which no reap of any child comes on any path (entry_order: a -4
    event, a call of one of loop_reapers), neither on a cycle with one.  A
    child they start is not that loop's (the init that waits for its main
    service, then runs stop hooks)."""
    if not order or not loop_reapers:
        return set()
    ahead, reaps = dispositions.reaper_ahead(order, set(loop_reapers), -4)
    blocks, callees = order['blocks'], order['calls']
    early, late = set(), set()
    for b, block in enumerate(blocks):
        for i, e in enumerate(block[0] if block else ()):
            if e >= 0:
                # A call of the reaper itself is the loop.
                later = ahead[b] or any(map(reaps, block[0][i:]))
                (early if later else late).add(callees[e])
    if not late:
        return set()
    # What the early calls reach, through any path of the program's calls
    # (main's own calls aside: they are the ones sorted here).
    nodes_of = {}
    for node in reached:
        nodes_of.setdefault(node[0], []).append(node)
    work = [n for n in reached if n[0] in early and n != root]
    seen = set(work) | {root}
    while work:
        for callee in calls.get(work.pop(), ()):
            for node in nodes_of.get(callee, ()):
                if node not in seen:
                    seen.add(node)
                    work.append(node)
    return {n for n in reached if n not in seen}


def repeated_calls(order):
    """The callees of an entry_order called in a block on a cycle (a loop
    runs the call again)."""
    blocks, callees = order['blocks'], order['calls']
    succs = [block[1] if block else () for block in blocks]
    cyclic = blocks_on_cycles(succs)
    return {callees[e] for b in cyclic for e in blocks[b][0] if e >= 0}


def blocks_on_cycles(succs):
    """The nodes of a graph (succs: by node, its successors) that can reach
    themselves: those of a strongly connected component of more than one
    node, or with an edge to themselves.  Tarjan's algorithm, without
    recursion: one pass over the edges (a main of thousands of blocks)."""
    n = len(succs)
    index, low, on_stack = [None] * n, [0] * n, [False] * n
    stack, found, counter = [], set(), 0
    for root in range(n):
        if index[root] is not None:
            continue
        work = [(root, 0)]
        while work:
            node, i = work[-1]
            if i == 0:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack[node] = True
            edges = succs[node]
            if i < len(edges):
                work[-1] = (node, i + 1)
                succ = edges[i]
                if not 0 <= succ < n:
                    continue
                if index[succ] is None:
                    work.append((succ, 0))
                elif on_stack[succ]:
                    low[node] = min(low[node], index[succ])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack[member] = False
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1 or node in edges:
                    found.update(component)
    return found


def derive_reaper_routines(functions):
    """A function whose loop that does not end on a failed reap calls
    another file's function that reaps any child (`loop_calls`) is a reaper
    routine too; the list itself is dropped from the facts."""
    for f in functions.values():
        callees = f.pop('loop_calls', [])
        if any(functions.get(c, {}).get('reaps_any') for c in callees):
            f['reaper_routine'] = True


def derive_functions(functions, calls, thread_calls, any_pid, node_reaps):
    """What the merge derives for each function from the facts of the
    others: whether it reaps any child, reaps over and over, never returns
    or loops forever, is a start wrapper, and what it sets on spawn
    attributes."""
    derive_reaps_any(functions, calls, thread_calls, any_pid, node_reaps)
    derive_reaper_routines(functions)
    derive_never_returns(functions)
    derive_wrappers(functions)
    derive_spawn_attrs(functions)


def derive_never_returns(functions):
    """A function whose body has no return and ends in a call of another
    file's function (`ends_in`) that never returns never returns either,
    and one that ends in a call of a function that loops forever loops
    forever, however long the chain; `ends_in` itself is dropped from the
    facts."""
    changed = True
    while changed:
        changed = False
        for f in functions.values():
            if f.get('never_returns') or f.get('loops_forever') or not f.get('ends_in'):
                continue
            callee = functions.get(f['ends_in'], {})
            for flag in ('never_returns', 'loops_forever'):
                if callee.get(flag):
                    f[flag] = changed = True
                    break
    for f in functions.values():
        f.pop('ends_in', None)


def derive_wrappers(functions):
    """A function that would be a start wrapper but gives its child to
    functions of other files too (`wrapper_unless`: callee, argument) is
    one when each of them leaves that argument harmless (a logger); the
    condition is dropped from the facts."""
    for f in functions.values():
        unless = f.pop('wrapper_unless', None)
        if unless and any(functions.get(callee, {}).get('params', {}).get(str(index)) !=
                          'harmless' for callee, index in unless):
            del f['wrapper']


def derive_spawn_attrs(functions):
    """A function that gives the spawn attributes its parameter points at to
    another file's function (`spawn_attr_forwards`) sets what that one sets
    on them too, however long the chain; the forwards are dropped."""
    changed = True
    while changed:
        changed = False
        for f in functions.values():
            params = {p[0]: p for p in f.get('spawn_attr_params', [])}
            for index, callee, arg in f.get('spawn_attr_forwards', []):
                for _, flags, other in functions.get(callee, {}).get('spawn_attr_params', []):
                    if _ != arg:
                        continue
                    old = params.get(index, [index, 0, False])
                    new = [index, old[1] | flags, old[2] or other]
                    if new != old:
                        params[index] = new
                        changed = True
            if params:
                f['spawn_attr_params'] = [params[i] for i in sorted(params)]
    for f in functions.values():
        f.pop('spawn_attr_forwards', None)


def definitions_linked(callee, caller_file, main_file, defined_in, main_files=()):
    """The definitions of callee a program calling it from caller_file links
    with.  An external function defined in several files (each tool of a
    suite with its own `usage`, a stub in another tool's main file) is
    linked from one of them only: the caller's own file; else, leaving out
    the main files of other programs, the only one left, or the one in the
    directory of the program's main; when that does not decide, none
    (following them all would merge every program of the suite into one, and
    let one tool's SIGCHLD reaper cover another's leaks)."""
    where = defined_in.get(callee, set())
    if len(where) <= 1 or caller_file in where:
        return where & {caller_file} or where
    where = {w for w in where if w == main_file or w not in main_files}
    if len(where) <= 1:
        return where
    near = {w for w in where if os.path.dirname(w) == os.path.dirname(main_file)}
    return near if len(near) == 1 else set()


def group_reaper_files(reaping, group_parts, handlers, functions):
    """Of the files that reap (reaping: by a SIGCHLD handler, not an ignore),
    those whose handlers all reap only their own process group
    (waitpid(0, ...)): the reapers a file's unit saw itself (group_parts,
    by path: whether they all do) and every handler it installs, each
    flagged reaps_group_only by the unit defining it.  A child that leaves the group is not reaped
    by them (docs/process/unreaped-child.rst)."""
    found = set()
    for path in reaping:
        own = [group_parts[path]] if path in group_parts else []
        others = [functions[u].get('reaps_group_only', False)
                  for u, paths in handlers.items() if path in paths
                  and functions.get(u, {}).get('reaps_any')
                  and not functions[u].get('reaps_once')]
        if (own or others) and all(own + others):
            found.add(path)
    return found
