#!/usr/bin/env python3
"""Renders a check's .rst page to HTML with plain docutils.

    render.py [--strict] SOURCE.rst [OUTPUT.html]

clang-tidy's pages are written for Sphinx; the one Sphinx directive they use,
``.. option:: Name``, is given a small docutils equivalent here (a definition
list entry: the name, then the directive's content).  Code blocks are not
highlighted, so Pygments is not needed.

Every docutils message from INFO up is printed on stderr.  With --strict the
exit status is 1 when there was any warning or error (test/docs uses this);
without it, 1 only when docutils gave up.  Without OUTPUT nothing is written.
"""

import argparse
import io
import sys

import docutils.core
from docutils import nodes
from docutils.parsers.rst import Directive, directives


class OptionDirective(Directive):
    """Sphinx's ``.. option::``, reduced to what a check page needs."""
    required_arguments = 1
    final_argument_whitespace = True
    has_content = True

    def run(self):
        name = self.arguments[0]
        term = nodes.term('', '', nodes.literal(name, name))
        definition = nodes.definition()
        self.state.nested_parse(self.content, self.content_offset, definition)
        item = nodes.definition_list_item('', term, definition)
        item['ids'].append(nodes.make_id('option-' + name))
        return [nodes.definition_list('', item, classes=['option'])]


def render(source, output, messages):
    directives.register_directive('option', OptionDirective)
    settings = {
        'report_level': 1,       # INFO and up reach the message stream
        'halt_level': 5,         # never stop half-way
        'warning_stream': messages,
        'syntax_highlight': 'none',
        'embed_stylesheet': True,
        'output_encoding': 'utf-8',
    }
    with open(source, encoding='utf-8') as f:
        text = f.read()
    html = docutils.core.publish_string(
        text, source_path=source, writer_name='html', settings_overrides=settings)
    if output:
        with open(output, 'wb') as f:
            f.write(html)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--strict', action='store_true',
                        help='exit 1 on any docutils warning or error')
    parser.add_argument('source')
    parser.add_argument('output', nargs='?')
    args = parser.parse_args()
    messages = io.StringIO()
    try:
        render(args.source, args.output, messages)
    except Exception as error:  # docutils raises SystemMessage and others
        sys.stderr.write(messages.getvalue())
        print('render.py: %s: %s' % (args.source, error), file=sys.stderr)
        return 1
    text = messages.getvalue()
    sys.stderr.write(text)
    # Every message docutils emits names its level: (INFO/1), (WARNING/2)...
    problems = [line for line in text.splitlines()
                if any('(%s/' % level in line
                       for level in ('WARNING', 'ERROR', 'SEVERE'))]
    if args.strict and problems:
        print('render.py: %s: %d warning(s) or error(s)' % (args.source, len(problems)),
              file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
