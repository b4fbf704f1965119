#!/usr/bin/env python3
"""Driver behind tools/reapcheck: runs process-unreaped-child over many files.

One clang-tidy process per translation unit, in parallel.  Each process gets
its own REAPCHECK_INVENTORY file, in which the check lists every start site it
analysed with a verdict; the driver merges those lists (a site in a header is
seen by every translation unit that includes it, so sites are deduplicated by
location) and ends with one inventory line on stderr, so that a clean run is
visibly not a vacuous one:

    reapcheck: 37 start sites in 12 files: 30 reaped, 6 handed off, 1 leaked; 14 translation units checked

Diagnostics are printed in clang's format, deduplicated and sorted by location.
Exit status: 0 clean, 1 when the check reported a child process, 2 when
clang-tidy failed on a file (or the driver was used wrongly).

A CI matrix can split the work with --shard K/N and --json FILE on separate
runners, then join the shards with --merge: the merged report, inventory line
and exit status are those of one unsharded run.
"""

import argparse
import concurrent.futures
import fnmatch
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

CHECK = 'process-unreaped-child'
TOOL_VERSION = '0.1.0'
JSON_FORMAT = 'reapcheck-shard/1'
SOURCE_EXTS = ('.c', '.cc', '.cpp', '.cxx', '.c++', '.C', '.m', '.mm')
HEADER_EXTS = ('.h', '.hh', '.hpp', '.hxx', '.h++', '.H', '.inc', '.ipp', '.tcc')

# Verdicts the check writes, in the order the inventory line lists them.  When
# the translation units that see one site disagree (a header compiled with
# different macros), the first verdict in VERDICT_RANK wins.
VERDICTS = ['reaped', 'handed-off', 'leaked', 'no-parent-child', 'leaked-unreported',
            'sigchld-handler']
VERDICT_RANK = ['leaked', 'leaked-unreported', 'sigchld-handler', 'handed-off', 'reaped',
                'no-parent-child']
VERDICT_WORDS = {
    'reaped': 'reaped',
    'handed-off': 'handed off',
    'leaked': 'leaked',
    'no-parent-child': 'needing no reap',
    'leaked-unreported': 'leaked but not reported',
    'sigchld-handler': 'left to a SIGCHLD handler',
}

DIAG_RE = re.compile(r'^(?P<file>[^\s:][^:]*):(?P<line>\d+):(?P<col>\d+): '
                     r'(?P<level>warning|error|fatal error|note|remark): (?P<text>.*)$')
CHECK_SUFFIX_RE = re.compile(r'^(?P<msg>.*) \[(?P<checks>[A-Za-z0-9_.,+\-]+)\]$')


class UsageError(Exception):
    pass


# --------------------------------------------------------------------------
# Command line
# --------------------------------------------------------------------------

def parse_args(argv):
    ap = argparse.ArgumentParser(
        prog='tools/reapcheck',
        description='Find child processes (fork, popen, posix_spawn...) that are '
                    'started but never reaped. Exit status: 0 clean, 1 findings, '
                    '2 tool failure.')
    ap.add_argument('--llvm-major', default='19', help=argparse.SUPPRESS)
    ap.add_argument('--build-dir', help=argparse.SUPPRESS)
    ap.add_argument('--plugin', help=argparse.SUPPRESS)
    ap.add_argument('--clang-tidy', dest='clang_tidy', help=argparse.SUPPRESS)
    ap.add_argument('paths', nargs='*', metavar='PATH',
                    help='files or directories to check (default: examples/); with -p '
                         'they restrict the compile database; with --merge, the JSON '
                         'files to merge')
    ap.add_argument('-p', dest='database', metavar='BUILD_DIR',
                    help='directory holding compile_commands.json (or the file itself)')
    ap.add_argument('--exclude', action='append', default=[], metavar='GLOB',
                    help='skip sources whose path (relative to the current directory, '
                         'absolute, or base name) matches GLOB, and drop findings and '
                         'start sites located in such files; repeatable')
    ap.add_argument('-j', '--jobs', type=int, default=None,
                    help='parallel clang-tidy processes (default: all cores)')
    ap.add_argument('--config', help='clang-tidy --config value (check options)')
    ap.add_argument('--header-filter', dest='header_filter', default='.*', metavar='REGEX',
                    help="headers whose findings are shown (default '.*': every "
                         "non-system header; '' leaves it to clang-tidy and .clang-tidy)")
    ap.add_argument('--extra-arg', dest='extra_args', action='append', default=[],
                    metavar='ARG', help='compiler argument to append (repeatable)')
    ap.add_argument('--extra-arg-before', dest='extra_args_before', action='append',
                    default=[], metavar='ARG',
                    help='compiler argument to prepend (repeatable)')
    ap.add_argument('--export-fixes', dest='export_fixes', metavar='FILE',
                    help='merge the fixes of every clang-tidy run into one YAML file '
                         '(for clang-apply-replacements)')
    ap.add_argument('--sarif', metavar='FILE', help='write the findings as SARIF 2.1.0')
    ap.add_argument('--sarif-root', dest='sarif_root', metavar='DIR',
                    help='make SARIF paths relative to DIR (default: current directory)')
    ap.add_argument('--inventory', action='store_true',
                    help='list every start site with its verdict on stdout')
    ap.add_argument('--shard', metavar='K/N',
                    help='check only shard K of N (files sorted by path, index %% N == K-1)')
    ap.add_argument('--json', metavar='FILE',
                    help='write diagnostics, inventory and fixes as JSON (for --merge)')
    ap.add_argument('--merge', action='store_true',
                    help='merge the --json outputs of shards given as PATHs into one report')
    args = ap.parse_args(argv)
    if args.jobs is not None and args.jobs < 1:
        ap.error('--jobs must be at least 1')
    if args.shard is not None:
        m = re.match(r'^(\d+)/(\d+)$', args.shard)
        if not m or not 1 <= int(m.group(1)) <= int(m.group(2)):
            ap.error('--shard wants K/N with 1 <= K <= N, got %r' % args.shard)
        args.shard = (int(m.group(1)), int(m.group(2)))
    if args.merge:
        if not args.paths:
            ap.error('--merge needs the JSON files to merge')
        if args.database or args.shard:
            ap.error('--merge cannot be combined with -p or --shard')
    return args


def say(msg):
    sys.stderr.write('reapcheck: %s\n' % msg)


# --------------------------------------------------------------------------
# Paths
# --------------------------------------------------------------------------

class Paths:
    """Absolute, normalised paths inside; paths relative to the current
    directory (when under it) on output, in JSON and in SARIF."""

    def __init__(self, cwd):
        self.cwd = cwd

    def absolute(self, path, base=None):
        return os.path.normpath(os.path.join(base or self.cwd, path))

    def display(self, path):
        if path == self.cwd or path.startswith(self.cwd.rstrip('/') + '/'):
            return os.path.relpath(path, self.cwd)
        return path


def excluded(path, globs, paths):
    if not globs:
        return False
    candidates = {path, paths.display(path), os.path.basename(path)}
    return any(fnmatch.fnmatchcase(c, g) for g in globs for c in candidates)


# --------------------------------------------------------------------------
# Choosing the translation units
# --------------------------------------------------------------------------

class Unit:
    """One clang-tidy run: a source file and the directory its paths are
    relative to."""

    def __init__(self, path, directory, command):
        self.path = path
        self.directory = directory
        self.command = command


def is_source(path):
    return path.endswith(SOURCE_EXTS)


def units_from_database(args, base, paths):
    db = args.database
    # clang-tidy -p wants the directory; the file itself is accepted too.
    db_file = db if os.path.basename(db) == 'compile_commands.json' else \
        os.path.join(db, 'compile_commands.json')
    db_dir = os.path.dirname(os.path.abspath(db_file))
    try:
        with open(db_file) as f:
            entries = json.load(f)
        if not isinstance(entries, list):
            raise ValueError('not a JSON list')
    except (OSError, ValueError) as e:
        raise UsageError('cannot read compile database %s: %s' % (db_file, e))
    by_file = {}
    for e in entries:
        try:
            directory = paths.absolute(e['directory'])
            path = paths.absolute(e['file'], directory)
        except (KeyError, TypeError):
            raise UsageError('malformed entry in %s: %r' % (db_file, e))
        by_file.setdefault(path, directory)

    wanted = [paths.absolute(p) for p in args.paths]
    for p in wanted:
        if not os.path.exists(p):
            raise UsageError('no such file or directory: %s' % p)
    files = sorted(f for f in by_file if is_source(f))
    if wanted:
        files = [f for f in files
                 if any(f == w or f.startswith(w.rstrip('/') + '/') for w in wanted)]
        missing = sorted(paths.display(w) for w in wanted
                         if os.path.isfile(w) and w not in by_file)
        if missing:
            say('not in the compile database, skipped (headers are checked through '
                'the sources that include them): %s' % ' '.join(missing))
    return [Unit(f, by_file[f], base + ['-p', db_dir, f]) for f in files]


def units_from_files(args, base, paths, root):
    roots = args.paths or [os.path.join(root, 'examples')]
    if not args.paths and not os.path.isdir(roots[0]):
        raise UsageError('nothing to check: give files, directories or -p BUILD_DIR')
    files = []
    headers = []
    for p in roots:
        path = paths.absolute(p)
        if os.path.isdir(path):
            for dirpath, dirnames, names in os.walk(path):
                dirnames.sort()
                files.extend(os.path.join(dirpath, n) for n in sorted(names) if is_source(n))
        elif os.path.isfile(path):
            (files if is_source(path) else headers).append(path)
        else:
            raise UsageError('no such file or directory: %s' % p)
    if headers:
        say('not a source file, skipped (headers are checked through the sources '
            'that include them): %s' % ' '.join(paths.display(h) for h in headers))
    units = []
    for f in sorted(set(files)):
        std = '-std=gnu11' if f.endswith('.c') or f.endswith('.m') else '-std=c++17'
        units.append(Unit(f, paths.cwd,
                          base + [f, '--', std, '-I' + os.path.dirname(f)]))
    return units


def select_shard(units, shard):
    if not shard:
        return units
    k, n = shard
    return [u for i, u in enumerate(sorted(units, key=lambda u: u.path)) if i % n == k - 1]


# --------------------------------------------------------------------------
# Parsing what clang-tidy wrote
# --------------------------------------------------------------------------

def new_diag(m, directory, paths):
    text = m.group('text')
    checks = []
    cm = CHECK_SUFFIX_RE.match(text)
    if cm and m.group('level') != 'note':
        text = cm.group('msg')
        checks = cm.group('checks').split(',')
    return {
        'file': paths.absolute(m.group('file'), directory),
        'line': int(m.group('line')),
        'column': int(m.group('col')),
        'level': m.group('level'),
        'message': text,
        'check': checks[0] if checks else '',
        'check_suffix': ','.join(checks),
        'snippet': [],
        'notes': [],
    }


def parse_diagnostics(output, directory, paths):
    """clang-tidy's stdout -> diagnostics, each with its notes and the source
    excerpt lines printed below it."""
    diags = []
    current = None
    for line in output.splitlines():
        m = DIAG_RE.match(line)
        if m:
            d = new_diag(m, directory, paths)
            if d['level'] == 'note' and diags:
                diags[-1]['notes'].append(d)
            else:
                diags.append(d)
            current = d
        elif current is not None:
            current['snippet'].append(line)
    return diags


def parse_inventory(text, directory, paths):
    sites = []
    for line in text.splitlines():
        fields = line.split('\t')
        if len(fields) != 4:
            continue
        loc, verdict, api, var = fields
        parts = loc.rsplit(':', 2)
        if len(parts) != 3 or not parts[1].isdigit() or not parts[2].isdigit():
            continue
        if verdict not in VERDICTS:
            # A verdict this driver does not know must not vanish silently.
            say('unknown verdict %r for %s, counted as leaked' % (verdict, loc))
            verdict = 'leaked'
        sites.append({'file': paths.absolute(parts[0], directory), 'line': int(parts[1]),
                      'column': int(parts[2]), 'verdict': verdict, 'api': api,
                      'variable': var})
    return sites


def yaml_scalar(value):
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] == "'":
        return value[1:-1].replace("''", "'")
    if len(value) >= 2 and value[0] == value[-1] == '"':
        return json.loads(value)
    return value


def parse_fixes(text):
    """The diagnostics of one --export-fixes file, each kept as its YAML text
    (LLVM's YAML writer is regular enough that no YAML library is needed),
    with the file its main message points at."""
    items = []
    inside = False
    for line in text.splitlines():
        if line.startswith('Diagnostics:'):
            inside = True
            continue
        if not inside:
            continue
        if line.startswith('  - '):
            items.append([line])
        elif line.startswith('   ') and items:
            items[-1].append(line)
        elif line.strip():
            inside = False
    result = []
    for lines in items:
        file_path = directory = ''
        for line in lines:
            s = line.strip()
            if line.startswith('      FilePath:') and not file_path:
                file_path = yaml_scalar(s[len('FilePath:'):])
            elif line.startswith('    BuildDirectory:'):
                directory = yaml_scalar(s[len('BuildDirectory:'):])
        result.append({'yaml': '\n'.join(lines) + '\n', 'file': file_path,
                       'directory': directory})
    return result


# --------------------------------------------------------------------------
# Running clang-tidy
# --------------------------------------------------------------------------

def tidy_base(args, root):
    major = args.llvm_major
    tidy = args.clang_tidy or '/usr/lib/llvm-%s/bin/clang-tidy' % major
    plugin = args.plugin
    if plugin is None and args.build_dir:
        plugin = os.path.join(args.build_dir, 'libreapcheck.so')
    if plugin is None:
        plugin = os.path.join(root, 'build', 'libreapcheck.so')
    base = [tidy]
    if plugin:
        if not os.path.isfile(plugin):
            raise UsageError('no plugin at %s (build it first: tools/reapcheck does)' % plugin)
        base.append('--load=' + plugin)
    base += ['-checks=-*,' + CHECK, '--quiet']
    if args.header_filter:
        base.append('--header-filter=' + args.header_filter)
    if args.config:
        base.append('--config=' + args.config)
    base += ['--extra-arg-before=' + a for a in args.extra_args_before]
    base += ['--extra-arg=' + a for a in args.extra_args]
    return base


def run_unit(unit, index, tmp, paths, want_fixes):
    inventory = os.path.join(tmp, 'inventory-%d.tsv' % index)
    fixes = os.path.join(tmp, 'fixes-%d.yaml' % index)
    cmd = list(unit.command)
    if want_fixes:
        cmd.insert(1, '--export-fixes=' + fixes)
    env = dict(os.environ, REAPCHECK_INVENTORY=inventory)
    try:
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              universal_newlines=True, errors='replace', env=env,
                              cwd=paths.cwd)
    except OSError as e:
        return {'unit': unit, 'diagnostics': [], 'inventory': [], 'fixes': [],
                'failure': 'cannot run %s: %s' % (cmd[0], e)}

    diags = parse_diagnostics(proc.stdout, unit.directory, paths)
    sites = []
    if os.path.exists(inventory):
        with open(inventory, errors='replace') as f:
            sites = parse_inventory(f.read(), unit.directory, paths)
    fix_items = []
    if want_fixes and os.path.exists(fixes):
        with open(fixes, errors='replace') as f:
            fix_items = parse_fixes(f.read())
        for item in fix_items:
            item['file'] = paths.absolute(item['file'], item['directory'] or unit.directory)

    # clang-tidy exits non-zero on compiler errors, which leave the unit
    # unjudged (and on findings promoted by WarningsAsErrors, which do not).
    own_errors = [d for d in diags if d['level'] == 'error' and d['check'] == CHECK]
    other_errors = [d for d in diags if d['level'] in ('error', 'fatal error')
                    and d['check'] != CHECK]
    failure = None
    if other_errors or (proc.returncode != 0 and not own_errors) or proc.returncode < 0:
        failure = ('clang-tidy exited with status %d' % proc.returncode)
        if proc.stderr.strip():
            failure += ':\n' + proc.stderr.rstrip()
    return {'unit': unit, 'diagnostics': diags, 'inventory': sites, 'fixes': fix_items,
            'failure': failure}


# --------------------------------------------------------------------------
# The report: everything below works on merged results, so a --merge of
# shards and an unsharded run print the same thing
# --------------------------------------------------------------------------

def diag_key(d):
    return (d['file'], d['line'], d['column'], d['level'], d['message'], d['check'],
            tuple((n['file'], n['line'], n['column'], n['message']) for n in d['notes']))


def is_finding(d):
    return d['check'] == CHECK and d['level'] in ('warning', 'error')


class Report:
    def __init__(self):
        self.units = set()
        self.diagnostics = {}
        self.sites = {}
        self.fixes = {}
        self.failures = {}

    def add_diagnostic(self, d):
        self.diagnostics.setdefault(diag_key(d), d)

    def add_site(self, s):
        key = (s['file'], s['line'], s['column'])
        old = self.sites.get(key)
        if old is None or VERDICT_RANK.index(s['verdict']) < VERDICT_RANK.index(old['verdict']):
            self.sites[key] = s

    def add_fix(self, unit_path, item):
        # A fix in a header comes from several units: keep the first by path,
        # so that shards merged in any order give the same file.
        old = self.fixes.get(item['yaml'])
        if old is None or unit_path < old[0]:
            self.fixes[item['yaml']] = (unit_path, item)

    def finish(self, exclude, paths):
        """Drops what --exclude hides, and calls 'leaked' only the sites whose
        warning was really printed: one hidden by NOLINT or by an excluded
        file is 'leaked-unreported'."""
        for key in [k for k, d in self.diagnostics.items() if excluded(d['file'], exclude, paths)]:
            del self.diagnostics[key]
        for key in [k for k in self.sites if excluded(k[0], exclude, paths)]:
            del self.sites[key]
        for key in [k for k, (_, item) in self.fixes.items()
                    if excluded(item['file'], exclude, paths)]:
            del self.fixes[key]
        warned = {(d['file'], d['line'], d['column'])
                  for d in self.diagnostics.values() if is_finding(d)}
        for key, s in self.sites.items():
            if s['verdict'] == 'leaked' and key not in warned:
                s['verdict'] = 'leaked-unreported'

    def sorted_diagnostics(self, paths):
        return sorted(self.diagnostics.values(),
                      key=lambda d: (paths.display(d['file']), d['line'], d['column'],
                                     d['level'], d['message'], diag_key(d)))

    def sorted_sites(self, paths):
        return sorted(self.sites.values(),
                      key=lambda s: (paths.display(s['file']), s['line'], s['column']))

    def findings(self):
        return sum(1 for d in self.diagnostics.values() if is_finding(d))

    def inventory_line(self):
        counts = {v: 0 for v in VERDICTS}
        for s in self.sites.values():
            counts[s['verdict']] += 1
        files = len({s['file'] for s in self.sites.values()})
        parts = ['%d %s' % (counts[v], VERDICT_WORDS[v]) for v in VERDICTS[:3]]
        parts += ['%d %s' % (counts[v], VERDICT_WORDS[v]) for v in VERDICTS[3:] if counts[v]]
        line = '%d start site%s in %d file%s: %s; %d translation unit%s checked' % (
            len(self.sites), '' if len(self.sites) == 1 else 's',
            files, '' if files == 1 else 's', ', '.join(parts),
            len(self.units), '' if len(self.units) == 1 else 's')
        if self.failures:
            line += ', clang-tidy failed on %d' % len(self.failures)
        return line

    def exit_status(self):
        if self.failures:
            return 2
        return 1 if self.findings() else 0


def render_diagnostic(d, paths):
    out = []
    for item in [d] + d['notes']:
        text = item['message']
        if item is d and d.get('check_suffix'):
            text += ' [%s]' % d['check_suffix']
        out.append('%s:%d:%d: %s: %s' % (paths.display(item['file']), item['line'],
                                          item['column'], item['level'], text))
        out.extend(item['snippet'])
    return '\n'.join(out) + '\n'


def write_fixes(report, filename):
    items = sorted(report.fixes.values(), key=lambda p: p[0])
    with open(filename, 'w') as f:
        f.write('---\nMainSourceFile:  \'\'\n')
        if not items:
            f.write('Diagnostics:     []\n')
        else:
            f.write('Diagnostics:\n')
            for _, item in items:
                f.write(item['yaml'])
        f.write('...\n')


# --------------------------------------------------------------------------
# SARIF 2.1.0
# --------------------------------------------------------------------------

RULE = {
    'id': CHECK,
    'name': 'ProcessUnreapedChild',
    'shortDescription': {'text': 'Child process started but not reaped'},
    'fullDescription': {'text': (
        'A child process started with fork, vfork, clone, forkpty, posix_spawn, popen '
        'or Boost.Process is neither waited for (waitpid, wait4, waitid, pclose...) nor '
        'handed off on some path out of the function that started it. An unreaped '
        'child stays a <defunct> zombie until its parent exits; kill() does not reap.')},
    'help': {'text': (
        'Reap the child on every path: call waitpid() (or pclose() for popen streams) '
        'after kill(), on error paths and before the handle is overwritten, or hand '
        'the handle to code that reaps it.')},
    'defaultConfiguration': {'level': 'warning'},
    'properties': {'tags': ['reliability', 'correctness', 'processes'],
                   'precision': 'high', 'problem.severity': 'warning'},
}


def sarif_location(item, root, message=None):
    path = item['file']
    if path == root or path.startswith(root.rstrip('/') + '/'):
        artifact = {'uri': path_to_uri(os.path.relpath(path, root)), 'uriBaseId': '%SRCROOT%'}
    else:
        artifact = {'uri': 'file://' + path_to_uri(path)}
    loc = {'physicalLocation': {
        'artifactLocation': artifact,
        'region': {'startLine': item['line'], 'startColumn': item['column']}}}
    if message is not None:
        loc['message'] = {'text': message}
    return loc


def path_to_uri(path):
    from urllib.parse import quote
    return quote(path, safe="/-_.~+")


def write_sarif(report, filename, root, paths):
    root = paths.absolute(root)
    results = []
    seen = {}
    for d in report.sorted_diagnostics(paths):
        if not is_finding(d):
            continue
        rel = os.path.relpath(d['file'], root)
        seen_key = (rel, d['message'])
        seen[seen_key] = seen.get(seen_key, 0) + 1
        fingerprint = hashlib.sha256(('%s\0%s\0%d' % (rel, d['message'], seen[seen_key]))
                                     .encode()).hexdigest()[:32]
        result = {
            'ruleId': CHECK,
            'ruleIndex': 0,
            'level': 'error' if d['level'] == 'error' else 'warning',
            'message': {'text': d['message']},
            'locations': [sarif_location(d, root)],
            'partialFingerprints': {'reapcheckFingerprint/v1': fingerprint},
        }
        if d['notes']:
            result['relatedLocations'] = [
                dict(sarif_location(n, root, n['message']), id=i + 1)
                for i, n in enumerate(d['notes'])]
            flow = [{'location': sarif_location(d, root, d['message'])}]
            flow += [{'location': sarif_location(n, root, n['message'])} for n in d['notes']]
            result['codeFlows'] = [{'threadFlows': [{'locations': flow}]}]
        results.append(result)

    notifications = [{'level': 'error', 'message': {'text': 'clang-tidy failed on %s: %s'
                                                    % (paths.display(f), msg)}}
                     for f, msg in sorted(report.failures.items())]
    counts = {v: 0 for v in VERDICTS}
    for s in report.sites.values():
        counts[s['verdict']] += 1
    sarif = {
        '$schema': 'https://json.schemastore.org/sarif-2.1.0.json',
        'version': '2.1.0',
        'runs': [{
            'tool': {'driver': {'name': 'reapcheck', 'version': TOOL_VERSION,
                                'semanticVersion': TOOL_VERSION, 'rules': [RULE]}},
            'originalUriBaseIds': {'%SRCROOT%': {'uri': 'file://' + path_to_uri(
                root.rstrip('/') + '/')}},
            'invocations': [{'executionSuccessful': not report.failures,
                             'toolExecutionNotifications': notifications}],
            'results': results,
            'properties': {'startSites': len(report.sites), 'verdicts': counts,
                           'translationUnits': len(report.units)},
        }],
    }
    with open(filename, 'w') as f:
        json.dump(sarif, f, indent=2)
        f.write('\n')


# --------------------------------------------------------------------------
# JSON for --merge
# --------------------------------------------------------------------------

def portable_diag(d, paths):
    out = {k: v for k, v in d.items() if k != 'notes'}
    out['file'] = paths.display(d['file'])
    out['notes'] = [dict(n, file=paths.display(n['file'])) for n in d['notes']]
    return out


def write_json(report, filename, shard, paths):
    data = {
        'format': JSON_FORMAT,
        'shard': '%d/%d' % shard if shard else None,
        'translation_units': sorted(paths.display(u) for u in report.units),
        'diagnostics': [portable_diag(d, paths) for d in report.sorted_diagnostics(paths)],
        'inventory': [dict(s, file=paths.display(s['file']))
                      for s in report.sorted_sites(paths)],
        'failures': [{'file': paths.display(f), 'message': m}
                     for f, m in sorted(report.failures.items())],
        'fixes': [{'unit': paths.display(u), 'yaml': item['yaml'],
                   'file': paths.display(item['file'])}
                  for u, item in sorted(report.fixes.values(), key=lambda p: p[0])],
    }
    with open(filename, 'w') as f:
        json.dump(data, f, indent=1, sort_keys=True)
        f.write('\n')


def load_shards(filenames, paths):
    report = Report()
    shards = {}
    for name in filenames:
        try:
            with open(name) as f:
                data = json.load(f)
        except (OSError, ValueError) as e:
            raise UsageError('cannot read %s: %s' % (name, e))
        if not isinstance(data, dict) or data.get('format') != JSON_FORMAT:
            raise UsageError('%s is not a reapcheck --json file' % name)
        if data.get('shard'):
            if data['shard'] in shards:
                raise UsageError('shard %s given twice: %s and %s'
                                 % (data['shard'], shards[data['shard']], name))
            shards[data['shard']] = name
        for u in data['translation_units']:
            report.units.add(paths.absolute(u))
        for d in data['diagnostics']:
            d['file'] = paths.absolute(d['file'])
            for n in d['notes']:
                n['file'] = paths.absolute(n['file'])
            report.add_diagnostic(d)
        for s in data['inventory']:
            s['file'] = paths.absolute(s['file'])
            report.add_site(s)
        for fl in data['failures']:
            report.failures[paths.absolute(fl['file'])] = fl['message']
        for fx in data['fixes']:
            report.add_fix(paths.absolute(fx['unit']),
                           {'yaml': fx['yaml'], 'file': paths.absolute(fx['file'])})
    if shards:
        counts = {s.split('/')[1] for s in shards}
        if len(counts) != 1:
            raise UsageError('shards of different splits: %s' % ' '.join(sorted(shards)))
        n = int(counts.pop())
        missing = ['%d/%d' % (k, n) for k in range(1, n + 1) if '%d/%d' % (k, n) not in shards]
        if missing:
            raise UsageError('missing shard%s %s: the merged report would be incomplete'
                             % ('' if len(missing) == 1 else 's', ' '.join(missing)))
    return report


# --------------------------------------------------------------------------

def check(args, paths, root):
    base = tidy_base(args, root)
    units = units_from_database(args, base, paths) if args.database else \
        units_from_files(args, base, paths, root)
    units = [u for u in units if not excluded(u.path, args.exclude, paths)]
    units = select_shard(units, args.shard)
    if not units:
        say('no source files to check')

    report = Report()
    want_fixes = bool(args.export_fixes or args.json)
    jobs = args.jobs or len(os.sched_getaffinity(0)) or 1
    with tempfile.TemporaryDirectory(prefix='reapcheck-') as tmp:
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(run_unit, u, i, tmp, paths, want_fixes)
                       for i, u in enumerate(units)]
            for fut in futures:
                r = fut.result()
                report.units.add(r['unit'].path)
                for d in r['diagnostics']:
                    report.add_diagnostic(d)
                for s in r['inventory']:
                    report.add_site(s)
                for item in r['fixes']:
                    report.add_fix(r['unit'].path, item)
                if r['failure']:
                    report.failures[r['unit'].path] = r['failure']
    return report


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    paths = Paths(os.getcwd())
    try:
        report = load_shards(args.paths, paths) if args.merge else check(args, paths, root)
    except UsageError as e:
        say(str(e))
        return 2
    report.finish(args.exclude, paths)

    for d in report.sorted_diagnostics(paths):
        sys.stdout.write(render_diagnostic(d, paths))
    if args.inventory:
        for s in report.sorted_sites(paths):
            sys.stdout.write('%s:%d:%d\t%s\t%s\t%s\n' % (paths.display(s['file']), s['line'],
                                                        s['column'], s['verdict'], s['api'],
                                                        s['variable']))
    sys.stdout.flush()
    try:
        for out in (args.export_fixes, args.sarif, args.json):
            if out and os.path.dirname(out):
                os.makedirs(os.path.dirname(out), exist_ok=True)
        if args.export_fixes:
            write_fixes(report, args.export_fixes)
        if args.sarif:
            write_sarif(report, args.sarif, args.sarif_root or paths.cwd, paths)
        if args.json:
            write_json(report, args.json, args.shard, paths)
    except OSError as e:
        say('cannot write output: %s' % e)
        return 2
    for f, msg in sorted(report.failures.items()):
        say('clang-tidy failed on %s: %s' % (paths.display(f), msg))
    say(report.inventory_line())
    return report.exit_status()


if __name__ == '__main__':
    sys.exit(main())
