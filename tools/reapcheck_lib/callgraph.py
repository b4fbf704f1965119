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
        self._calls, self._roots = calls, root_usrs
        self._tables, self._var_files = tables, var_files
        self._from_tables = {}
        self._from_tables_split = {}  # path -> _split() of its tables' callees
        # Resolved as walks reach each node (one program walks only its own).
        self._static, self._dynamic = {}, {}

    def _resolve(self, node):
        """node's static successors (a frozenset of nodes), keeping its
        dynamic callees aside."""
        path = node[1]
        fixed, other = self._split(self._calls.get(node, ()), path)
        if self._tables:
            # The callbacks of path's tables are callees of each of its
            # functions: split once for the file.
            found = self._from_tables_split.get(path)
            if found is None:
                found = self._split(self._table_callees(path), path)
                self._from_tables_split[path] = found
            if found[0]:
                fixed = fixed | found[0]
            if found[1]:
                other = tuple(dict.fromkeys(other + found[1]))
        self._static[node] = fixed
        self._dynamic[node] = other
        return fixed

    def _split(self, callees, path):
        """(the nodes callees called from a function of path lead to in
        every program, a frozenset; the callees that depend on the
        program, a tuple)."""
        defined_in, roots = self.defined_in, self._roots
        fixed, other = set(), []
        for callee in callees:
            where = defined_in.get(callee)
            if not where:
                continue
            if callee in roots:
                other.append(callee)
            elif len(where) == 1:
                for w in where:
                    fixed.add((callee, w))
            elif path in where:
                fixed.add((callee, path))
            else:
                other.append(callee)
        return frozenset(fixed), tuple(other)

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
        static, dynamic = self._static, self._dynamic
        while work:
            caller = work.pop()
            fixed = static.get(caller)
            if fixed is None:
                fixed = self._resolve(caller)
            if fixed:
                new = fixed - reached
                if new:
                    reached |= new
                    work.extend(new)
            for callee in dynamic[caller]:
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
