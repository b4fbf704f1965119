#!/usr/bin/env python3
"""Checks that the check's page names every row of every model file.

    check_models_table.py MODELS_DIR RST

The "Modelled APIs" section of RST has one table per model file, whose
title starts with the model's name as a literal (``glib``: GLib ...); a
table without such a title (the POSIX and Boost summary) is not a model's.
In a model's table, the first cell of each row names APIs of that model as
literals: every ``name`` of its ``functions`` and every class ``name`` must
be one of them, and the methods of a class must be literals of the class's
row.  A table naming a model that has no file in MODELS_DIR, a second table
of the same model, and a first-cell literal that is no name, alias or
shown-as of the model are errors too; and so is a model that the entry of
the option Models (``.. option:: Models``) does not name as a literal.
Prints each problem and exits 1, or exits 0 silently.

The .rst is read with docutils (the doctree, not the text), so the tables
are those a reader sees; the model files with PyYAML (Debian's
python3-yaml, for /usr/bin/python3 as docutils is).
"""

import glob
import io
import os
import sys

try:
    import yaml
except ImportError:
    sys.exit('check_models_table.py: PyYAML is missing: install python3-yaml '
             'for %s' % sys.executable)
import docutils.core
from docutils import nodes
from docutils.parsers.rst import directives

SECTION = 'Modelled APIs'


def literal(text):
    """A literal as the tables write it: ``wait`` or ``wait()``."""
    text = text.strip()
    return text[:-2] if text.endswith('()') else text


def read_models(folder):
    """{model name: (file, {function name}, {class name: {method}},
    {every name, alias and shown-as})} of every *.yaml in FOLDER."""
    models = {}
    for path in sorted(glob.glob(os.path.join(folder, '*.yaml'))):
        with open(path, encoding='utf-8') as f:
            data = yaml.safe_load(f)
        name = data['model']
        functions, classes, known = set(), {}, set()
        for row in data.get('functions') or []:
            functions.add(row['name'])
            known.add(row['name'])
            known.update(row.get('aliases') or [])
        for row in data.get('classes') or []:
            classes[row['name']] = {m['name'] for m in row.get('methods') or []}
            known.add(row['name'])
            known.update(row.get('aliases') or [])
            if row.get('shown-as'):
                known.add(row['shown-as'])
        models[name] = (path, functions, classes, known)
    return models


def doctree(rst):
    """The parsed page, with the Sphinx directive it uses registered."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                    '..', '..', 'docs'))
    import render  # docs/render.py
    directives.register_directive('option', render.OptionDirective)
    with open(rst, encoding='utf-8') as f:
        text = f.read()
    return docutils.core.publish_doctree(
        text, source_path=rst,
        settings_overrides={'report_level': 5, 'halt_level': 5,
                            'warning_stream': io.StringIO()})


def findall(node, kind):
    """Node.findall, Node.traverse before docutils 0.18."""
    return (node.findall if hasattr(node, 'findall') else node.traverse)(kind)


def literals(node):
    return [literal(n.astext()) for n in findall(node, nodes.literal)]


def model_tables(rst):
    """[(model name, [(first-cell literals, row literals)])] of the tables of
    the Modelled APIs section, or None when there is no such section; and
    the literals of the Models option's entry, or None without one."""
    tree = doctree(rst)
    option = None
    for item in findall(tree, nodes.definition_list_item):
        if 'option-models' in item['ids']:
            option = set(literals(item))
    section = None
    for candidate in findall(tree, nodes.section):
        title = candidate.next_node(nodes.title)
        if title is not None and title.astext() == SECTION:
            section = candidate
            break
    if section is None:
        return None, option
    tables = []
    for table in findall(section, nodes.table):
        title = table.next_node(nodes.title)
        if title is None or title.parent is not table:
            continue
        first = title.children[0] if title.children else None
        if not isinstance(first, nodes.literal):
            continue
        rows = []
        for body in findall(table, nodes.tbody):
            for row in findall(body, nodes.row):
                entries = list(findall(row, nodes.entry))
                if entries:
                    rows.append((literals(entries[0]), literals(row)))
        tables.append((literal(first.astext()), rows))
    return tables, option


def main():
    folder, rst = sys.argv[1:3]
    models = read_models(folder)
    tables, option = model_tables(rst)
    where = '%s, section "%s"' % (rst, SECTION)
    if tables is None:
        print('%s: no section "%s"' % (rst, SECTION))
        return 1
    problems = []
    if option is None:
        problems.append('%s: no entry for the option Models' % rst)
    else:
        for model in sorted(set(models) - option):
            problems.append('%s: the option Models does not list model %r'
                            % (rst, model))
    seen = {}
    for model, rows in tables:
        if model not in models:
            problems.append('%s: a table names model %r, which has no file in %s'
                            % (where, model, folder))
            continue
        if model in seen:
            problems.append('%s: model %r has two tables' % (where, model))
        seen[model] = rows
    for model, (path, functions, classes, known) in sorted(models.items()):
        rows = seen.get(model)
        if rows is None:
            problems.append('%s: model %r has no table in %s' % (path, model, where))
            continue
        named = {name for first, _ in rows for name in first}
        for name in sorted(functions - named):
            problems.append('%s: function %r is not in the table of model %r in %s'
                            % (path, name, model, where))
        for name, methods in sorted(classes.items()):
            row = next((all_ for first, all_ in rows if name in first), None)
            if row is None:
                problems.append('%s: class %r is not in the table of model %r in %s'
                                % (path, name, model, where))
                continue
            for method in sorted(methods - set(row)):
                problems.append('%s: method %r of class %r is not in its row of '
                                'the table of model %r in %s'
                                % (path, method, name, model, where))
        for name in sorted(named - known):
            problems.append('%s: the table of model %r names %r, which %s does not'
                            % (where, model, name, path))
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
