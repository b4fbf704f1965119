#!/usr/bin/env python3
"""A minimal LSP client that drives a clangd over stdio, for lit tests.

It does what an editor does (initialize, initialized, didOpen, didChange,
shutdown, exit) and prints every publishDiagnostics it waited for in a
stable, FileCheck-friendly form.  Standard library only.

    lsp_client.py --clangd BIN --root DIR [--log FILE] [--plain] STEP...
                  [-- ARG...]

STEP is one of
    open=FILE           didOpen FILE (relative to DIR) with its text on disk
    change=FILE:SOURCE  didChange FILE, whole text replaced by SOURCE's text
    fix=FILE            apply the edits of every fix clangd offered with the
                        last diagnostics of FILE, as a quick fix would
                        (didChange with the edited text)
    await=FILE          no request: wait for diagnostics clangd publishes on
                        its own for FILE (e.g. config warnings on .clangd)
After open, change and fix the client waits for the diagnostics of that
exact document version and prints them:

    open leak.c version 1: 1 diagnostic
      warning 7:14-7:18 source=clang-tidy code=process-unreaped-child
        message: Child process 'pid' started by 'fork' is never reaped
        doc: file:///.../unreaped-child.html

Positions are LSP's, counted from zero (line 7 is the editor's line 8);
doc is the diagnostic's documentation link (codeDescription.href).
Arguments after `--` go to clangd.  clangd's stderr goes to --log.  The exit
status is clangd's, or 2 when clangd times out or breaks the protocol.
"""

import argparse
import json
import os
import queue
import subprocess
import sys
import threading
import urllib.parse

SEVERITIES = {1: 'error', 2: 'warning', 3: 'information', 4: 'hint'}
TIMEOUT = 120  # seconds; a cold parse of glibc headers takes well under one


class ProtocolError(Exception):
    pass


class Server:
    """A clangd child process and the JSON-RPC framing around its pipes."""

    def __init__(self, argv, env, log):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=log,
                                     env=env)
        self.next_id = 1
        self.inbox = queue.Queue()
        # Notifications that arrived while waiting for something else.
        self.backlog = []
        self.reader = threading.Thread(target=self._read_loop, daemon=True)
        self.reader.start()

    def _read_message(self):
        headers = {}
        while True:
            line = self.proc.stdout.readline()
            if not line:
                return None
            line = line.decode('ascii').rstrip('\r\n')
            if not line:
                break
            name, _, value = line.partition(':')
            headers[name.strip().lower()] = value.strip()
        length = int(headers['content-length'])
        body = self.proc.stdout.read(length)
        return json.loads(body.decode('utf-8'))

    def _read_loop(self):
        while True:
            try:
                message = self._read_message()
            except (ValueError, KeyError) as error:
                self.inbox.put(ProtocolError('bad message: %s' % error))
                return
            self.inbox.put(message)
            if message is None:
                return

    def send(self, message):
        message['jsonrpc'] = '2.0'
        body = json.dumps(message).encode('utf-8')
        self.proc.stdin.write(b'Content-Length: %d\r\n\r\n' % len(body))
        self.proc.stdin.write(body)
        self.proc.stdin.flush()

    def notify(self, method, params):
        self.send({'method': method, 'params': params})

    def request(self, method, params):
        """Sends a request and returns its result, serving whatever else
        arrives meanwhile."""
        ident = self.next_id
        self.next_id += 1
        self.send({'id': ident, 'method': method, 'params': params})
        reply = self.wait(lambda m: m.get('id') == ident and 'method' not in m,
                          'the reply to ' + method)
        if 'error' in reply:
            raise ProtocolError('%s failed: %s' % (method, reply['error']))
        return reply.get('result')

    def wait(self, wanted, what):
        """Returns the first incoming message for which wanted() is true.
        Requests from the server are answered with a null result, as a
        client without the matching capability would."""
        for index, message in enumerate(self.backlog):
            if wanted(message):
                return self.backlog.pop(index)
        while True:
            try:
                message = self.inbox.get(timeout=TIMEOUT)
            except queue.Empty:
                raise ProtocolError('timed out waiting for %s' % what)
            if isinstance(message, Exception):
                raise message
            if message is None:
                raise ProtocolError('clangd closed its output while waiting '
                                    'for %s' % what)
            if 'method' in message and 'id' in message:
                self.send({'id': message['id'], 'result': None})
                continue
            if wanted(message):
                return message
            self.backlog.append(message)


def uri_of(path):
    # clangd percent-encodes everything but letters, digits and "-_.~/",
    # which is what quote() does with safe='/'.
    return 'file://' + urllib.parse.quote(os.path.abspath(path), safe='/')


def name_of(uri):
    return os.path.basename(urllib.parse.unquote(uri))


def language_of(path):
    return 'c' if path.endswith('.c') else 'cpp'


def span(lsp_range):
    start, end = lsp_range['start'], lsp_range['end']
    return '%d:%d-%d:%d' % (start['line'], start['character'],
                            end['line'], end['character'])


def print_diagnostics(header, diagnostics):
    count = len(diagnostics)
    print('%s: %d diagnostic%s' % (header, count, '' if count == 1 else 's'))
    for diag in diagnostics:
        print('  %s %s source=%s code=%s' % (
            SEVERITIES.get(diag.get('severity'), 'unknown'),
            span(diag['range']), diag.get('source', '-'),
            diag.get('code', '-')))
        for line in diag['message'].splitlines():
            print('    message: ' + line if line else '    message:')
        href = diag.get('codeDescription', {}).get('href')
        if href:
            print('    doc: ' + href)
        for related in diag.get('relatedInformation', []):
            where = related['location']
            print('    related %s %s: %s' % (
                name_of(where['uri']), span(where['range']),
                related['message']))
        for action in diag.get('codeActions', []):
            print('    fix: %s' % action['title'])
            changes = action.get('edit', {}).get('changes', {})
            for uri in sorted(changes):
                for edit in changes[uri]:
                    print('      edit %s %s: %s' % (
                        name_of(uri), span(edit['range']),
                        json.dumps(edit['newText'])))
    sys.stdout.flush()


def wait_diagnostics(server, uri, version, what):
    """Waits for the diagnostics of this version of the document (any
    version when VERSION is None).  clangd may publish for an older version
    that was still being built; those are skipped."""
    def wanted(message):
        if message.get('method') != 'textDocument/publishDiagnostics':
            return False
        params = message['params']
        return params['uri'] == uri and (version is None or
                                         params.get('version') == version)
    return server.wait(wanted, what)['params']['diagnostics']


def offset_of(text, position):
    """LSP position to string index.  Characters are UTF-16 code units in
    LSP; the test inputs are ASCII, where the two agree."""
    lines = text.splitlines(keepends=True)
    return sum(len(line) for line in lines[:position['line']]) + \
        position['character']


def apply_fixes(text, uri, diagnostics):
    edits = []
    for diag in diagnostics:
        for action in diag.get('codeActions', []):
            edits.extend(action.get('edit', {}).get('changes', {}).get(uri, []))
    # From the end backwards, so earlier offsets stay valid.
    edits.sort(key=lambda e: (e['range']['start']['line'],
                              e['range']['start']['character']), reverse=True)
    for edit in edits:
        begin = offset_of(text, edit['range']['start'])
        end = offset_of(text, edit['range']['end'])
        text = text[:begin] + edit['newText'] + text[end:]
    return text


class Editor:
    """The editor side: open documents, their versions and texts, and the
    diagnostics last published for each."""

    def __init__(self, server, root):
        self.server = server
        self.root = root
        self.versions = {}
        self.texts = {}
        self.published = {}

    def initialize(self, plain):
        self.server.request('initialize', {
            'processId': os.getpid(),
            'rootUri': uri_of(self.root),
            'capabilities': {
                # Notes arrive as relatedInformation, fix-its as inline
                # code actions (a clangd extension), as in VS Code; a
                # --plain client gets both folded into the message.
                'textDocument': {'publishDiagnostics': {
                    'relatedInformation': not plain,
                    'codeActionsInline': not plain,
                    'versionSupport': True}},
            },
        })
        self.server.notify('initialized', {})

    def read(self, name):
        with open(os.path.join(self.root, name), encoding='utf-8') as f:
            return f.read()

    def open(self, name):
        self.versions[name] = 1
        self.texts[name] = self.read(name)
        self.server.notify('textDocument/didOpen', {'textDocument': {
            'uri': uri_of(os.path.join(self.root, name)),
            'languageId': language_of(name), 'version': 1,
            'text': self.texts[name]}})

    def change(self, name, text):
        if name not in self.versions:
            raise ProtocolError('%s changed before it was opened' % name)
        self.versions[name] += 1
        self.texts[name] = text
        self.server.notify('textDocument/didChange', {
            'textDocument': {'uri': uri_of(os.path.join(self.root, name)),
                             'version': self.versions[name]},
            'contentChanges': [{'text': text}]})

    def fix(self, name):
        if name not in self.published:
            raise ProtocolError('no diagnostics of %s to fix' % name)
        self.change(name, apply_fixes(
            self.texts[name], uri_of(os.path.join(self.root, name)),
            self.published[name]))

    def show(self, kind, name):
        """Waits for the diagnostics of the current version and prints them;
        for await (VERSION None) whatever clangd publishes first."""
        version = self.versions.get(name) if kind != 'await' else None
        header = '%s %s' % (kind, name)
        if version is not None:
            header += ' version %d' % version
        diagnostics = wait_diagnostics(
            self.server, uri_of(os.path.join(self.root, name)), version,
            header)
        if version is not None:
            self.published[name] = diagnostics
        print_diagnostics(header, diagnostics)

    def step(self, step):
        kind, _, operand = step.partition('=')
        if kind == 'open':
            self.open(operand)
        elif kind == 'change':
            operand, _, source = operand.partition(':')
            self.change(operand, self.read(source))
        elif kind == 'fix':
            self.fix(operand)
        elif kind != 'await':
            raise ProtocolError('unknown step %r' % step)
        self.show(kind, operand)


def run(args, clangd_args):
    root = os.path.abspath(args.root)
    if not any(os.path.exists(os.path.join(root, name))
               for name in ('compile_flags.txt', 'compile_commands.json',
                            'build/compile_commands.json')):
        # clangd would search the parent directories and might find, say,
        # the build tree's compile_commands.json.
        print('lsp_client: %s has no compile_flags.txt or compile_commands.json'
              ' (beside it or in build/)' % root)
        return 2
    env = dict(os.environ)
    # Keep the user's ~/.config/clangd/config.yaml out of the test.
    env['XDG_CONFIG_HOME'] = os.path.join(root, '.xdg-config')
    with open(args.log or os.devnull, 'wb') as log:
        server = Server([args.clangd] + clangd_args, env, log)
        try:
            editor = Editor(server, root)
            editor.initialize(args.plain)
            for step in args.steps:
                editor.step(step)
            server.request('shutdown', None)
            server.notify('exit', None)
            code = server.proc.wait(timeout=TIMEOUT)
            print('clangd exited with %d' % code)
            return code
        except (ProtocolError, subprocess.TimeoutExpired, OSError) as error:
            print('lsp_client: %s' % error)
            server.proc.kill()
            server.proc.wait()
            return 2


def main():
    argv = sys.argv[1:]
    clangd_args = []
    if '--' in argv:
        split = argv.index('--')
        argv, clangd_args = argv[:split], argv[split + 1:]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--clangd', required=True)
    parser.add_argument('--root', required=True,
                        help='workspace holding .clangd and compile_flags.txt (or '
                             'compile_commands.json, there or in build/)')
    parser.add_argument('--log', help="file for clangd's stderr")
    parser.add_argument('--plain', action='store_true',
                        help='claim no relatedInformation nor inline fixes')
    parser.add_argument('steps', nargs='+', metavar='STEP')
    return run(parser.parse_args(argv), clangd_args)


if __name__ == '__main__':
    sys.exit(main())
