"""Results of many clang-tidy runs merged into one report, and its outputs:
clang's text format, the summary line, merged fixes, SARIF 2.1.0 and the
JSON of a shard (which --merge reads back).  Everything here works on merged
results, so a --merge of shards and an unsharded run print the same thing."""

import fnmatch
import json
import os

from . import baseline, diagnostics, inventory, safeio
from .project import CHECK, MODULE_CHECKS, version

JSON_FORMAT = 'reapcheck-shard/1'


class UsageError(Exception):
    pass

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
        # From / every path would lose its leading slash: keep it absolute.
        if self.cwd != '/' and (path == self.cwd or path.startswith(self.cwd + '/')):
            return os.path.relpath(path, self.cwd)
        return path


def excluded(path, globs, paths):
    if not globs:
        return False
    candidates = {path, paths.display(path), os.path.basename(path)}
    return any(fnmatch.fnmatchcase(c, g) for g in globs for c in candidates)


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
# The report: everything below works on merged results, so a --merge of
# shards and an unsharded run print the same thing
# --------------------------------------------------------------------------

def diag_key(d):
    return (d['file'], d['line'], d['column'], d['level'], d['message'], d['check'],
            tuple((n['file'], n['line'], n['column'], n['message']) for n in d['notes']))


def is_finding(d):
    """A warning (or one promoted to an error) of any check of the module."""
    return d['check'] in MODULE_CHECKS and d['level'] in ('warning', 'error')


# How the summary line counts the findings of the module's other checks.
OTHER_FINDINGS = (('process-orphaned-descendants', 'orphaning kill', 'orphaning kills'),
                  ('process-reaper-conflict', 'reaper conflict', 'reaper conflicts'))


class Report:
    def __init__(self):
        self.units = set()
        self.diagnostics = {}
        self.sites = {}
        self.fixes = {}
        self.failures = {}
        # (level, message) -> {'level', 'message', 'snippet'}: configuration
        # problems, each once however many units met it.
        self.config = {}
        # The checks of the module that ran (--checks), for SARIF's rules;
        # a shard written before --checks existed ran process-unreaped-child.
        self.checks = set()
        # With --baseline: "baseline FILE: ..." (said before the summary).
        self.baseline_note = None

    is_finding = staticmethod(is_finding)

    def add_config(self, level, message, snippet=()):
        self.config.setdefault((level, message), {'level': level, 'message': message,
                                                  'snippet': list(snippet)})

    def config_errors(self):
        return [p for p in self.config.values() if p['level'] == 'error']

    def sorted_config(self):
        return [self.config[k] for k in sorted(self.config)]

    def add_diagnostic(self, d):
        self.diagnostics.setdefault(diag_key(d), d)

    def add_site(self, s):
        key = (s['file'], s['line'], s['column'])
        old = self.sites.get(key)
        rank = inventory.RANK
        if old is None or rank.index(s['verdict']) < rank.index(old['verdict']):
            self.sites[key] = s

    def add_fix(self, unit_path, item):
        # A fix in a header comes from several units: keep the first by path,
        # so that shards merged in any order give the same file.
        old = self.fixes.get(item['yaml'])
        if old is None or unit_path < old[0]:
            self.fixes[item['yaml']] = (unit_path, item)

    def finish(self, exclude, paths):
        """Drops what --exclude hides, and calls 'leaked' and 'held-leaked'
        only the sites whose warning was really printed: one hidden by NOLINT
        or by an excluded file is 'leaked-unreported'."""
        for key in [k for k, d in self.diagnostics.items() if excluded(d['file'], exclude, paths)]:
            del self.diagnostics[key]
        for key in [k for k in self.sites if excluded(k[0], exclude, paths)]:
            del self.sites[key]
        for key in [k for k, (_, item) in self.fixes.items()
                    if excluded(item['file'], exclude, paths)]:
            del self.fixes[key]
        self.mark_unreported()

    def mark_unreported(self):
        """'leaked-unreported': a leaking site whose warning is not printed."""
        warned = {(d['file'], d['line'], d['column'])
                  for d in self.diagnostics.values() if is_finding(d)}
        for key, s in self.sites.items():
            if s['verdict'] in ('leaked', 'held-leaked') and key not in warned:
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

    def leak_kind(self, d):
        """The kind (inventory.LEAK_KINDS) of one warning of the check."""
        if diagnostics.is_fclose(d):
            return 'fclose'
        site = self.sites.get((d['file'], d['line'], d['column']))
        if site is not None and site['verdict'] == 'held-leaked':
            return 'held-leaked'
        return 'not-reaped'

    def leak_counts(self):
        """process-unreaped-child's printed warnings by kind; with
        other_text()'s counts they add up to findings()."""
        result = {k: 0 for k, _ in inventory.LEAK_KINDS}
        for d in self.diagnostics.values():
            if is_finding(d) and d['check'] == CHECK:
                result[self.leak_kind(d)] += 1
        return result

    def other_text(self):
        """", 2 reaper conflicts": the other checks' findings, each check
        named only when it has some."""
        text = ''
        for check, one, many in OTHER_FINDINGS:
            n = sum(1 for d in self.diagnostics.values()
                    if is_finding(d) and d['check'] == check)
            if n:
                text += ', %d %s' % (n, one if n == 1 else many)
        return text

    def leaked_text(self):
        """"N leaked (A not reaped, ...)": every printed warning in exactly
        one count, so that "0 leaked" means no warning at all."""
        leaks = self.leak_counts()
        text = '%d leaked' % sum(leaks.values())
        kinds = ['%d %s' % (leaks[k], words) for k, words in inventory.LEAK_KINDS if leaks[k]]
        return text + (' (%s)' % ', '.join(kinds) if kinds else '')

    def summary_line(self):
        """"N leaked (...); the inventory; the units checked": the last
        line of every run."""
        counts = inventory.counts(self.sites.values())
        files = len({s['file'] for s in self.sites.values()})
        parts = ['%d %s' % (counts[v], inventory.WORDS[v]) for v in inventory.VERDICTS
                 if counts[v] or v in inventory.ALWAYS_SHOWN]
        line = '%s%s; %d start site%s in %d file%s: %s; %d translation unit%s checked' % (
            self.leaked_text(), self.other_text(), len(self.sites),
            '' if len(self.sites) == 1 else 's',
            files, '' if files == 1 else 's', ', '.join(parts),
            len(self.units), '' if len(self.units) == 1 else 's')
        if self.failures:
            line += ', clang-tidy failed on %d' % len(self.failures)
        return line

    def exit_status(self):
        if self.failures or self.config_errors():
            return 2
        return 1 if self.findings() else 0


def render_diagnostic(d, paths):
    out = []
    for item in [d] + d['notes']:
        text = item['message']
        if item is d and d.get('check_suffix'):
            text += ' [%s]' % d['check_suffix']
        if not item['file']:
            out.append('%s: %s' % (item['level'], text))
        else:
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

RULES = [{
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
}, {
    'id': 'process-orphaned-descendants',
    'name': 'ProcessOrphanedDescendants',
    'shortDescription': {'text': 'Kill of a group leader that leaves its descendants running'},
    'fullDescription': {'text': (
        'A child made the leader of its own process group or session (setsid, '
        'setpgid, POSIX_SPAWN_SETPGROUP or POSIX_SPAWN_SETSID) is stopped with '
        'kill(pid, sig), which signals the leader alone: the processes it started '
        'are re-parented to init and keep running. Or a group kill names a child '
        'that leads no group, and reaches no process.')},
    'help': {'text': 'Signal the whole group: kill(-pid, sig) or killpg(pid, sig).'},
    'defaultConfiguration': {'level': 'warning'},
    'properties': {'tags': ['reliability', 'correctness', 'processes'],
                   'precision': 'medium', 'problem.severity': 'warning'},
}, {
    'id': 'process-reaper-conflict',
    'name': 'ProcessReaperConflict',
    'shortDescription': {'text': 'Wait for one child that the kernel or a SIGCHLD handler reaps first'},
    'fullDescription': {'text': (
        'A wait for one specific child (waitpid(pid), pclose, system, a library wait) '
        'in a process that ignores SIGCHLD or sets SA_NOCLDWAIT, or whose SIGCHLD '
        'handler reaps any child while SIGCHLD is not blocked: the child is reaped '
        'first, the wait fails with ECHILD and the exit status is lost.')},
    'help': {'text': (
        'Restore SIG_DFL around the child, block SIGCHLD from the start to the wait, '
        'or let the handler record the status the program needs.')},
    'defaultConfiguration': {'level': 'warning'},
    'properties': {'tags': ['reliability', 'correctness', 'processes'],
                   'precision': 'medium', 'problem.severity': 'warning'},
}]


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
    found = {d['check'] for d in report.diagnostics.values() if is_finding(d)}
    rule_ids = [c for c in MODULE_CHECKS if c in (report.checks or {CHECK}) | found]
    results = []
    for d in report.sorted_diagnostics(paths):
        if not is_finding(d):
            continue
        result = {
            'ruleId': d['check'],
            'ruleIndex': rule_ids.index(d['check']),
            'level': 'error' if d['level'] == 'error' else 'warning',
            'message': {'text': d['message']},
            'locations': [sarif_location(d, root)],
            'partialFingerprints': {baseline.FINGERPRINT: d['fingerprint'],
                                    baseline.CONTEXT: d['context']},
        }
        if report.baseline_note:
            result['baselineState'] = 'new'  # The known ones are not written.
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
    notifications += [{'level': p['level'], 'descriptor': {'id': 'configuration'},
                       'message': {'text': 'configuration %s: %s' % (p['level'], p['message'])}}
                      for p in report.sorted_config()]
    counts = inventory.counts(report.sites.values())
    sarif = {
        '$schema': 'https://json.schemastore.org/sarif-2.1.0.json',
        'version': '2.1.0',
        'runs': [{
            'tool': {'driver': {'name': 'reapcheck', 'version': version(),
                                'semanticVersion': version(), 'rules': [r for r in RULES if r['id'] in rule_ids]}},
            'originalUriBaseIds': {'%SRCROOT%': {'uri': 'file://' + path_to_uri(
                root.rstrip('/') + '/')}},
            'invocations': [{'executionSuccessful': report.exit_status() != 2,
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
        'configuration': report.sorted_config(),
        'checks': [c for c in MODULE_CHECKS if c in report.checks],
    }
    with open(filename, 'w') as f:
        json.dump(data, f, indent=1, sort_keys=True)
        f.write('\n')


def load_shards(filenames, paths):
    report = Report()
    shards = {}
    for name in filenames:
        data = safeio.read_json(name, 'shard')
        if not isinstance(data, dict) or data.get('format') != JSON_FORMAT:
            raise UsageError('%s is not a reapcheck --json file' % name)
        try:
            _load_shard(report, data, name, shards, paths)
        except (KeyError, TypeError, AttributeError, ValueError) as e:
            raise UsageError('shard %s is damaged (%s: %s)' % (name, type(e).__name__, e))
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


def _load_shard(report, data, name, shards, paths):
    if data.get('shard'):
        if data['shard'] in shards:
            raise UsageError('shard %s given twice: %s and %s'
                             % (data['shard'], shards[data['shard']], name))
        shards[data['shard']] = name
    report.checks.update(c for c in data.get('checks', [CHECK]) if c in MODULE_CHECKS)
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
    for p in data.get('configuration', []):
        report.add_config(p['level'], p['message'], p['snippet'])
    for fx in data['fixes']:
        report.add_fix(paths.absolute(fx['unit']),
                       {'yaml': fx['yaml'], 'file': paths.absolute(fx['file'])})
