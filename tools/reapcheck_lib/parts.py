"""Index parts: the JSON object the check writes per translation unit in
index mode, read back and checked for the shape the merge relies on
(docs/facts.md).  A damaged part (a cache entry gone wrong) is refused by
name, never merged."""

import json

DUTY_RANK = {'reaped': 3, 'handed-on': 2, 'neglected': 1, 'unjudged': 0}


def read_parts(text):
    """Index parts (one JSON object a line) of one unit's index file."""
    parts = []
    for line in text.splitlines():
        line = line.strip()
        if line:
            try:
                parts.append(json.loads(line))
            except RecursionError:
                raise ValueError('JSON nested too deeply')
    return parts


def _shape(value, kinds):
    """True when value is a list whose items are lists of exactly these
    kinds (str, int, bool)."""
    return isinstance(value, list) and all(
        isinstance(item, list) and len(item) == len(kinds)
        and all(isinstance(x, k) and (k is bool or not isinstance(x, bool))
                for x, k in zip(item, kinds))
        for item in value)


def _strings(value):
    return isinstance(value, list) and all(isinstance(x, str) for x in value)


def _entry_order(order):
    """None, or main's blocks as the check writes them: by ID, [events,
    successors], each event a callee's index in `calls`, or -1 (an
    ignore), -2 (a reset), -3 (a handler that may reap) or -4 (a reap of
    any child)."""
    if order is None:
        return True
    if not (isinstance(order, dict) and _strings(order.get('calls'))
            and isinstance(order.get('blocks'), list)):
        return False
    count, calls = len(order['blocks']), len(order['calls'])
    if not (isinstance(order.get('entry'), int) and 0 <= order['entry'] < count):
        return False
    for block in order['blocks']:
        if block is None:
            continue
        if not (isinstance(block, list) and len(block) == 2
                and all(isinstance(x, list) and all(type(i) is int for i in x)
                        for x in block)):
            return False
        events, succs = block
        if not (all(-4 <= e < calls for e in events)
                and all(0 <= s < count for s in succs)):
            return False
    return True


def _is_bool(value):
    return isinstance(value, bool)


def _shaped(*kinds):
    return lambda value: _shape(value, kinds)


# Each key a function's facts may have, and the test of its value; a key
# left out has a valid default.
_FUNCTION_KEYS = {
    'params': lambda value: isinstance(value, dict),
    **{key: _strings for key in ('calls', 'child_calls', 'thread_calls', 'loop_calls',
                                 'table_calls')},
    **{flag: _is_bool for flag in (
        'resets_sigchld', 'reaps_once', 'reaps_by_poll', 'installs_once', 'constructor',
        'reaper_routine', 'reaper_needs_block', 'reaps_group_only', 'leads_group',
        'leads_session', 'leads_terminal', 'never_returns', 'loops_forever')},
    'ends_in': lambda value: isinstance(value, str),
    'installs_taker': lambda value: value in (1, 2, 3),
    'entry_order': _entry_order,
    'any_pid_calls': _shaped(str, int),
    'sigchld_args': _shaped(str, int),
    'signal_params': _shaped(int, str, bool),
    'function_args': _shaped(str, int, str),
    'spawn_attr_params': _shaped(int, int, bool),
    'pid_group_params': _shaped(int, str),
    'wrapper_unless': _shaped(str, int),
    'spawn_attr_forwards': _shaped(int, str, int),
    'sigchld_handler_params': lambda value: isinstance(value, list),
}


def _function_problem(f):
    """The first key of one function's facts without the shape the check
    writes, quoted, or None.  Only the keys it has are looked at: most
    functions have three or four of the thirty."""
    for key, value in f.items():
        test = _FUNCTION_KEYS.get(key)
        if test is not None and not test(value):
            return "'%s'" % key
    return None


def validate_part(part):
    """Raises ValueError naming the first key of an index part that does
    not have the shape the check writes (a damaged cache entry)."""
    def need(ok, what):
        if not ok:
            raise ValueError('malformed index part: %s' % what)
    need(isinstance(part, dict), 'not an object')
    need(isinstance(part.get('file'), str), "'file'")
    need(isinstance(part.get('functions', []), list), "'functions'")
    for f in part.get('functions', []):
        need(isinstance(f, dict) and isinstance(f.get('usr'), str)
             and isinstance(f.get('name'), str), 'a function without usr or name')
        # The message is made only for a function that fails (most pass).
        bad = _function_problem(f)
        need(bad is None, '%s of %s' % (bad, f['name']))
    for h in part.get('holders', []):
        need(isinstance(h, dict) and isinstance(h.get('usr'), str)
             and h.get('duty') in DUTY_RANK
             and isinstance(h.get('signalled', False), bool)
             and isinstance(h.get('group_signalled', False), bool), 'a holder')
    for g in part.get('holder_groups', []):
        need(isinstance(g, dict) and isinstance(g.get('usr'), str)
             and g.get('kind') in ('leader', 'terminal', 'none', 'mixed')
             and isinstance(g.get('file'), str) and isinstance(g.get('line'), int)
             and isinstance(g.get('column'), int)
             and isinstance(g.get('session'), bool)
             and _shape(g.get('via', []), (str, int, int, int)),
             'a holder group')
    for t in part.get('tables', []):
        need(isinstance(t, dict) and isinstance(t.get('var'), str)
             and _strings(t.get('functions', [])) and _strings(t.get('vars', [])), 'a table')
    need(_strings(part.get('sigchld_handlers', [])), "'sigchld_handlers'")
    need(_strings(part.get('entries', [])), "'entries'")
    need(isinstance(part.get('shared_object', False), bool), "'shared_object'")
    for flag in ('ignores_sigchld', 'admits_sigchld', 'reaps_group_only'):
        need(isinstance(part.get(flag, False), bool), "'%s'" % flag)
    need(_strings(part.get('blocks_sigchld', [])), "'blocks_sigchld'")
    for t in part.get('sigchld_takers', []):
        need(isinstance(t, dict) and isinstance(t.get('file'), str)
             and _positive(t.get('line')) and _positive(t.get('column'))
             and t.get('kind') in ('ignore', 'handler')
             and isinstance(t.get('handler', ''), str)
             and isinstance(t.get('installer', ''), str), 'a SIGCHLD taker')
    need(_strings(part.get('installers', [])), "'installers'")
    need(_positive(part.get('specific_waits', 1)), "'specific_waits'")


def _moved(group, functions):
    """\p group of one unit, with its `via` calls judged: a call on the
    child's side (argument -1) of a function that makes its caller lead
    (`leads_group`), or a call given the pid of one that moves that process
    (`pid_group_params`: leads, or joins another group, which leaves the
    group unknown)."""
    if group['kind'] != 'none':
        return group
    for usr, arg, line, column in group.get('via', []):
        f = functions.get(usr, {})
        if arg < 0 and f.get('leads_group'):
            return dict(group, kind='terminal' if f.get('leads_terminal') else 'leader',
                        session=bool(f.get('leads_session')), line=line, column=column)
        move = {index: word for index, word in f.get('pid_group_params', [])}.get(arg)
        if arg >= 0 and move == 'leads':
            return dict(group, kind='leader', session=False, line=line, column=column)
        if arg >= 0 and move == 'joins':
            return {'kind': 'mixed'}
    return group


def _positive(value):
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def holder_group(found, functions):
    """What every unit's children kept in a holder say as to process groups
    (process-orphaned-descendants): the one kind they share, at the first
    place, or 'mixed'.  A unit that saw no group for its child names the
    calls of other files' functions that may move it (`via`), judged here
    by those functions' facts."""
    found = [_moved(g, functions) for g in found]
    kinds = {g['kind'] for g in found}
    if len(kinds) != 1 or 'mixed' in kinds:
        return {'kind': 'mixed'}
    first = min(found, key=lambda g: (g['file'], g['line'], g['column']))
    return {k: first[k] for k in ('kind', 'file', 'line', 'column', 'session')}
