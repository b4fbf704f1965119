"""How SIGCHLD dispositions travel along the calls of a whole program (the
check's InheritedDispositions and ChildOnlyFunctions, across files): the
fixed points behind the facts' entered_reset, entered_covered,
always_reset, child_only and taker_installers.  Nodes are (usr, path) pairs, as in
facts.merge()."""


def always_reset(calls, flow, unknown_callers):
    """The functions every call of which, in any file, runs with SIGCHLD
    reset on every path (a must fact, for process-reaper-conflict, where a
    caller that may reset must not hide another that does not): called at
    least once, never through a pointer (unknown_callers: passed as an
    argument or kept in a table), and each call made after the caller's own
    reset, or by a caller itself always entered reset while that holds.
    The greatest such set.  flow: by node, (calls after its own reset on
    every path, calls while a sure entry reset still holds on every path)
    for the functions that install or reset; any other function passes a
    sure entry on to every callee."""
    edges = {}  # callee -> [(caller node, own, entered)]
    for node, callees in calls.items():
        own, entered = flow.get(node, (set(), None))
        for callee in callees:
            edges.setdefault(callee, []).append(
                (node, callee in own, entered is None or callee in entered))
    always = {u for u in edges if u not in unknown_callers}
    changed = True
    while changed:
        changed = False
        for usr in sorted(always):
            if not all(own or (node[0] in always and entered)
                       for node, own, entered in edges[usr]):
                always.discard(usr)
                changed = True
    return sorted(always)


def entered(calls, flow, defined_in, seeds=(), own=True, takers=frozenset()):
    """The functions some caller may call with SIGCHLD reset, or ignored or
    reaped by a child's own install (the check's InheritedDispositions,
    across files): those a function calls after its own reset (or child
    install), then, from each of those, what it calls while the entry may
    hold.  flow: by node, for the functions that install or reset, (calls
    after their own, calls while an entry holds); any other function
    passes an entry on to every callee, unless it calls one of takers
    (installers of another file, whose order among its calls is not
    recorded: the lean toward no report).  seeds: more functions entered so
    (what a child calls after a child-only installer, child_covered; what
    main calls before any install, entered_from_main, with own False)."""
    entered = set()
    work = [usr for node_flow in flow.values() for usr in node_flow[0]] if own else []
    work += list(seeds)
    while work:
        usr = work.pop()
        if usr in entered or usr not in defined_in:
            continue
        entered.add(usr)
        for path in defined_in[usr]:
            node = (usr, path)
            if node in flow:
                work.extend(flow[node][1])
            elif not calls.get(node, set()) & takers:
                work.extend(calls.get(node, ()))
    return sorted(entered)


def child_only(calls, child_calls, defined_in, excluded):
    """The functions that run only in children (the check's
    ChildOnlyFunctions, across files): called at least once, never through a
    pointer nor as a program's entry (excluded), and each call made on the
    child's side of its caller's starts (child_calls) or by another such
    function.  The greatest such set, of the functions the program
    defines."""
    edges = {}  # callee -> [(caller usr, on the child's side)]
    for node, callees in calls.items():
        child = child_calls.get(node, set())
        for callee in callees:
            edges.setdefault(callee, []).append((node[0], callee in child))
    only = {u for u in edges if u in defined_in and u not in excluded}
    changed = True
    while changed:
        changed = False
        for usr in sorted(only):
            if not all(child or caller in only for caller, child in edges[usr]):
                only.discard(usr)
                changed = True
    return only


def entered_covered(calls, flow, defined_in, child_edges):
    """The functions every call of which, in any file, is made with
    SIGCHLD ignored or reaped by a child's own install (the check's
    InheritedDispositions, across files): the greatest such set among
    those some call enters so (entered()).  A call is made so after its
    caller's own install (flow[node]: covered, entered covered, uncovered,
    entered uncovered callees, for the functions that install or reset; a
    callee is covered there when no call of it is uncovered), on a child's
    side after a child-only installer (child_edges, child_covered()), or
    by a caller itself in the set while its entry holds (any other
    function passes it on to every callee).  Calls through pointers are not
    seen."""
    may = set(entered(calls, flow, defined_in,
                      [u for callees in child_edges.values() for u in callees]))
    edges = {}  # callee -> [(caller node, covered by its own, by its entry)]
    for node, callees in calls.items():
        own, _, uncovered, entry_uncovered = flow.get(node, ((), (), None, None))
        for callee in callees & may:
            edges.setdefault(callee, []).append((
                node, callee in child_edges.get(node, ()) or (
                    uncovered is not None and callee in own and callee not in uncovered),
                uncovered is None or callee not in entry_uncovered))
    covered = set(may)
    changed = True
    while changed:
        changed = False
        for usr in sorted(covered):
            if not all(own or (node[0] in covered and entry)
                       for node, own, entry in edges.get(usr, ())):
                covered.discard(usr)
                changed = True
    return sorted(covered)


def child_covered(calls, child_calls, child_only, installers):
    """What a child calls once a function that runs only in children
    installed an ignore or a handler for it: by caller node, every call it
    makes on that child's side (their order is not recorded: the lean
    toward no report that installs have).  The installers, and the
    child-only functions that call them, are followed up to the callers
    that fork."""
    covering = {u for users in installers.values() for u in users} & child_only
    changed = True
    while changed:
        changed = False
        for (usr, _), callees in calls.items():
            if usr in child_only and usr not in covering and callees & covering:
                covering.add(usr)
                changed = True
    return {node: child for node, child in child_calls.items() if child & covering}


def taker_installers(calls, installs_taker, child_only):
    """The functions a call of which installs an ignore of SIGCHLD or a
    handler that may reap for the rest of the process: those a unit found
    so (installs_taker: its installers and their callers in the unit, the
    check's installsTaker()), except those that run only in children, and
    their callers in every file, at any depth."""
    callers = {}
    for (usr, _), callees in calls.items():
        if usr not in child_only:
            for callee in callees:
                callers.setdefault(callee, set()).add(usr)
    takers = set(installs_taker) - child_only
    work = list(takers)
    while work:
        for caller in callers.get(work.pop(), ()):
            if caller not in takers:
                takers.add(caller)
                work.append(caller)
    return takers


def reaper_ahead(order, reapers, event=-3):
    """By block of one entry_order: whether a handler that may reap is
    installed after the block's end on some path (an event, -3 unless
    told, or a call of one of reapers).  Backward, each block queued again
    only when it changes from no to yes."""
    blocks, callees = order['blocks'], order['calls']

    def installs(e):
        return e == event or (e >= 0 and callees[e] in reapers)
    preds = {}
    for b, block in enumerate(blocks):
        for s in (block[1] if block else ()):
            preds.setdefault(s, []).append(b)
    ahead = [False] * len(blocks)
    work = [b for b, block in enumerate(blocks) if block and any(map(installs, block[0]))]
    while work:
        b = work.pop()
        for p in preds.get(b, ()):
            if not ahead[p]:
                ahead[p] = True
                work.append(p)
    return ahead, installs


def entered_from_main(orders, takers, reapers, resetters):
    """What each main calls where nothing reaps its children for the program
    (the check's main entered unset, across files): along its recorded
    blocks (orders: entry_order records), a call made where SIGCHLD is
    surely still at the default the process started with (no ignore nor
    reaper installed on any path since the entry: a must fact), or may be
    reset (a reset, or a call of a resetter, since the last install: a may
    fact), and after which no handler that may reap is installed on any path
    (reaper_ahead: the check's reaperAheadCalls()).  A call of a taker
    installer installs one.  The blocks' states are found first (each block
    queued again only when its state moves), then the calls are read."""
    seeds = set()
    for order in orders:
        blocks, callees = order['blocks'], order['calls']
        ahead, installs_reaper = reaper_ahead(order, reapers)

        def through(b, state, read=False):
            unset, reset = state
            events = blocks[b][0]
            for i, e in enumerate(events):
                if e >= 0:
                    later = ahead[b] or any(map(installs_reaper, events[i + 1:]))
                    if read and (unset or reset) and not later:
                        seeds.add(callees[e])
                if e == -2 or (e >= 0 and callees[e] in resetters):
                    reset = True
                elif e in (-1, -3) or (e >= 0 and callees[e] in takers):
                    unset = reset = False
            return unset, reset
        states = {order['entry']: (True, False)}
        work = [order['entry']]
        while work:
            b = work.pop()
            if blocks[b] is None:
                continue
            out = through(b, states[b])
            for s in blocks[b][1]:
                old = states.get(s)
                new = out if old is None else (old[0] and out[0], old[1] or out[1])
                if new != old:
                    states[s] = new
                    work.append(s)
        for b, state in states.items():
            if blocks[b] is not None:
                through(b, state, read=True)
    return seeds


def entered_reset(calls, flow, defined_in, orders, takers, reapers, resetters, mains):
    """The facts' entered_reset: what a function calls after its own reset,
    and what the mains of orders (those of the programs that reap every
    child) call before any install (entered_from_main), each followed on
    while it may hold (entered)."""
    from_main = entered(calls, flow, defined_in,
                        entered_from_main(orders, takers, reapers, resetters),
                        own=False, takers=takers)
    after_foreign = entered(calls, flow, defined_in,
                            after_foreign_reset(calls, defined_in, takers, resetters,
                                                mains),
                            own=False, takers=takers)
    return sorted(set(entered(calls, flow, defined_in)) | set(from_main) | set(after_foreign))


def after_foreign_reset(calls, defined_in, takers, resetters, mains):
    """What a function calls where a reset made by another file's function
    it calls may hold: its unit did not know that function resets, and the
    order of its calls is not recorded, so each of its other calls may come
    after it (the lean toward the report that resets have), unless it also
    calls an installer (the lean toward no report that installs have).
    main's calls are read in order instead (entered_from_main)."""
    seeds = set()
    for (usr, path), callees in calls.items():
        if usr in mains or callees & takers:
            continue
        if any(path not in defined_in.get(r, ()) for r in callees & resetters):
            seeds |= callees - resetters
    return seeds
