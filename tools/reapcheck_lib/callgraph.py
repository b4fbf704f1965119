"""The merge's call graph, resolved once for all programs (facts.merge()).

A program is every node (a function's definition: (usr, path)) its main
reaches through calls and through the callbacks in the tables of the files
it links.  Most callees have one definition, or one in the caller's own
file: the node they lead to is the same in every program, and is resolved
here once (static).  The others (a function several files define, main's
own name) depend on the program's main (programs.definitions_linked) and
are resolved for each program as its walk meets them (dynamic).  A project
of many programs over one library (git's 260) walks the library once per
program; each step is then a set operation, not a lookup per callee.
"""

from .programs import definitions_linked


class CallGraph:
    def __init__(self, calls, tables, var_files, defined_in, main_files, root_usrs):
        """calls: node -> the usrs it calls.  tables: path -> the tables of
        file scope of that file ({'functions', 'vars'}); var_files: a
        table variable's usr -> the files defining it.  root_usrs: the
        usrs of mains and entries, always dynamic (a program never
        reaches its own main again)."""
        self.defined_in = defined_in
        self.main_files = main_files
        self._tables, self._var_files = tables, var_files
        self._from_tables = {}
        self.static, self.dynamic = {}, {}
        for node, callees in calls.items():
            path = node[1]
            extra = self._table_callees(path) if tables else ()
            fixed, other = set(), []
            for callee in (set(callees).union(extra) if extra else callees):
                where = defined_in.get(callee, ())
                if callee in root_usrs or (len(where) > 1 and path not in where):
                    other.append(callee)
                elif len(where) > 1:
                    fixed.add((callee, path))
                else:
                    fixed.update((callee, w) for w in where)
            if fixed:
                self.static[node] = frozenset(fixed)
            if other:
                self.dynamic[node] = tuple(other)

    def _table_callees(self, path):
        """The functions in the tables of path's file, and in the tables
        those name in turn (tmux's cmd_table[] of &cmd_pipe_pane_entry)."""
        found = self._from_tables.get(path)
        if found is None:
            found, seen, todo = set(), set(), [path]
            while todo:
                where = todo.pop()
                if where in seen:
                    continue
                seen.add(where)
                for table in self._tables.get(where, ()):
                    found.update(table['functions'])
                    for var in table['vars']:
                        todo.extend(self._var_files.get(var, ()))
            self._from_tables[path] = found
        return found

    def reach(self, starts, main_usr, main_file):
        """Every node the program of main_file (whose main is main_usr)
        reaches from starts (its main, and constructor functions)."""
        reached, work = set(starts), list(starts)
        static, dynamic = self.static, self.dynamic
        while work:
            caller = work.pop()
            fixed = static.get(caller)
            if fixed:
                new = fixed - reached
                if new:
                    reached |= new
                    work.extend(new)
            for callee in dynamic.get(caller, ()):
                if callee == main_usr:
                    continue
                for where in definitions_linked(callee, caller[1], main_file, self.defined_in,
                                                self.main_files):
                    if (callee, where) not in reached:
                        reached.add((callee, where))
                        work.append((callee, where))
        return reached


class NodeFlags:
    """A flag every program reaching a node gives it, kept as whether all
    of them gave it: the nodes seen, and those some program gave False."""

    def __init__(self):
        self.seen, self.unset = set(), set()

    def add(self, nodes, flag):
        self.seen |= nodes
        if not flag:
            self.unset |= nodes
