#!/usr/bin/env python3
"""The check's own cost on corpus TUs, beside parsing and upstream checks.

    bench/corpus_bench.py run [--corpus DIR] [--plugin [MAJOR=]SO ...] [--tag COMMIT]
                              [--projects NAME,...] [--limit N] [--callgrind N]
    bench/corpus_bench.py report TAG [TAG ...]

(`bench/run.py --only corpus ...` is the same as `run`.)

`run` takes the translation units of the corpus built by tools/corpus/build.sh
and runs clang-tidy once per TU and configuration, all configurations of a TU
one after the other (so that they share the machine's load of that moment),
with every plugin given (one per LLVM major):

  parse    -checks=-*,objc-forbidden-subclassing   an Objective-C-only check:
           on C and C++ no check is instantiated, no matcher is registered and
           the AST is never traversed, so this is parse + Sema + tidy set-up
  check    -checks=-*,process-unreaped-child
  uam      -checks=-*,bugprone-use-after-move
  bugprone -checks=-*,bugprone-*
  both     -checks=-*,bugprone-*,process-unreaped-child

Every command loads the plugin, passes --config={} (a project's own
.clang-tidy must not change what runs) and --enable-check-profile.  Per run it
records the process's CPU time (user+sys, from wait4) and wall time, and the
user+sys time the check profile attributes to process-unreaped-child, to
bugprone-use-after-move and to all checks together.  The check profile times
a check's matcher evaluations, callbacks and end-of-TU work; the AST
traversal that drives the matchers is shared by all checks and attributed to
none, so "own" does not include it: the parse/check instruction counts do.

With --callgrind N, the first N TUs of bench/tus.tsv present in the corpus
are also run under valgrind's callgrind (without the check profile) for every
configuration: instruction counts do not move with the load of a shared
machine, CPU times do a little and wall times a lot.

Results go to bench/results/corpus-TAG.tsv and corpus-callgrind-TAG.tsv.
TAG defaults to the commit of the tree the (first) plugin was built from,
found through the CMakeCache.txt beside it; give --tag when that tree is not a
git checkout (e.g. an extracted `git archive`).  `report` prints the
markdown tables of docs/performance.md from those files.
"""

import argparse
import datetime
import glob
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
RESULTS = os.path.join(HERE, 'results')
CHECK = 'process-unreaped-child'
UAM = 'bugprone-use-after-move'
CONFIGS = (
    ('parse', '-*,objc-forbidden-subclassing'),
    ('check', '-*,' + CHECK),
    ('uam', '-*,' + UAM),
    ('bugprone', '-*,bugprone-*'),
    ('both', '-*,bugprone-*,' + CHECK),
)
LABELS = {
    'parse': 'parse only',
    'check': 'this check alone',
    'uam': '`bugprone-use-after-move` alone',
    'bugprone': '`bugprone-*`',
    'both': '`bugprone-*` + this check',
}
SOURCE_EXT = ('.c', '.cc', '.cpp', '.cxx')
COLUMNS = ('llvm', 'project', 'tu', 'config', 'rc', 'cpu', 'wall', 'own_check', 'own_uam',
           'own_all')


def default_corpus():
    """$CORPUS, else the default of tools/corpus/build.sh."""
    if os.environ.get('CORPUS'):
        return os.environ['CORPUS']
    cache = os.environ.get('XDG_CACHE_HOME') or os.path.join(os.path.expanduser('~'), '.cache')
    return os.path.join(cache, 'reapcheck', 'corpus')


def project_names():
    names = []
    with open(os.path.join(ROOT, 'tools', 'corpus', 'projects.tsv')) as f:
        for line in f:
            if line.strip() and not line.startswith('#'):
                names.append(line.split('\t')[0])
    return names


def sources(corpus, project):
    """The distinct existing source files of a project's compile database,
    sorted, as absolute paths."""
    pdir = os.path.join(corpus, project)
    with open(os.path.join(pdir, 'compile_commands.json')) as f:
        db = json.load(f)
    found = set()
    for entry in db:
        path = os.path.normpath(os.path.join(entry['directory'], entry['file']))
        if path.endswith(SOURCE_EXT) and os.path.exists(path):
            found.add(path)
    return sorted(found)


def spread(items, limit):
    """At most `limit` items, evenly spaced, always the same for the same list."""
    if not limit or len(items) <= limit:
        return items
    step = len(items) / limit
    return [items[int(i * step)] for i in range(limit)]


def select_tus(corpus, projects, limit):
    """projects: names, each optionally NAME:N (at most N TUs of it)."""
    tus = []
    for spec in projects:
        name, _, own_limit = spec.partition(':')
        if not os.path.exists(os.path.join(corpus, name, 'compile_commands.json')):
            continue
        for path in spread(sources(corpus, name), int(own_limit or limit)):
            tus.append((name, path))
    return tus


def callgrind_tus(corpus, count):
    """The first `count` entries of bench/tus.tsv that the corpus has."""
    tus = []
    with open(os.path.join(HERE, 'tus.tsv')) as f:
        for line in f:
            if not line.strip() or line.startswith('#'):
                continue
            project, rel = line.rstrip('\n').split('\t')
            path = os.path.join(corpus, project, rel)
            if os.path.exists(path) and \
                    os.path.exists(os.path.join(corpus, project, 'compile_commands.json')):
                tus.append((project, path))
    return tus[:count]


def cmake_cache(plugin):
    values = {}
    cache = os.path.join(os.path.dirname(os.path.abspath(plugin)), 'CMakeCache.txt')
    if os.path.exists(cache):
        with open(cache) as f:
            for line in f:
                key, sep, value = line.rstrip('\n').partition('=')
                if sep and not key.startswith(('#', '//')):
                    values[key.partition(':')[0]] = value
    return values


def parse_plugin(spec):
    """'[MAJOR=]PATH' -> (major, path); the major comes from the CMakeCache.txt
    beside the plugin when not given."""
    major, sep, path = spec.partition('=')
    if not sep:
        path = spec
        major = cmake_cache(path).get('REAPCHECK_LLVM_MAJOR', '')
    if not major.isdigit():
        raise SystemExit('%s: give the LLVM major as MAJOR=%s' % (spec, spec))
    if not os.path.exists(path):
        raise SystemExit('%s: no such plugin' % path)
    return major, os.path.abspath(path)


def plugin_commit(plugin):
    """Short commit of the git tree the plugin was built from, '' if unknown
    or if the check's sources differ from that commit."""
    src = cmake_cache(plugin).get('CMAKE_HOME_DIRECTORY')
    if not src:
        return ''
    git = ['git', '-C', src]
    head = subprocess.run(git + ['rev-parse', '--short', 'HEAD'], stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, universal_newlines=True)
    if head.returncode != 0:
        return ''
    dirty = subprocess.run(git + ['status', '--porcelain', '--', 'checks', 'CMakeLists.txt'],
                           stdout=subprocess.PIPE, universal_newlines=True).stdout.strip()
    return '' if dirty else head.stdout.strip()


def tidy_command(major, plugin, checks, pdir, path):
    return ['/usr/lib/llvm-%s/bin/clang-tidy' % major, '--load=' + plugin, '--config={}',
            '-checks=' + checks, '--quiet', '-p', pdir, path]


def profiled(cmd, cwd):
    """Runs cmd with the check profile; returns exit code, CPU and wall
    seconds of the process, and the profile's user+sys seconds per check."""
    store = tempfile.mkdtemp(prefix='reapcheck-prof-')
    cmd = cmd[:1] + ['--enable-check-profile', '--store-check-profile=' + store] + cmd[1:]
    start = time.monotonic()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    per_check = {}
    for path in glob.glob(os.path.join(store, '*.json')):
        with open(path) as f:
            profile = json.load(f)['profile']
        for key, value in profile.items():
            # time.clang-tidy.<check>.{wall,user,sys}
            check, _, kind = key[len('time.clang-tidy.'):].rpartition('.')
            if kind in ('user', 'sys'):
                per_check[check] = per_check.get(check, 0.0) + value
    shutil.rmtree(store)
    return proc.returncode, usage.ru_utime + usage.ru_stime, wall, per_check


def instructions(cmd, cwd):
    fd, out = tempfile.mkstemp(prefix='reapcheck-cg-')
    os.close(fd)
    subprocess.run(['valgrind', '--tool=callgrind', '--callgrind-out-file=' + out] + cmd,
                   cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    total = 0
    with open(out) as f:
        for line in f:
            if line.startswith(('summary:', 'totals:')):
                total = int(line.split()[1])
    os.unlink(out)
    return total


def load_average():
    with open('/proc/loadavg') as f:
        return ' '.join(f.read().split()[:3])


def tidy_version(major):
    out = subprocess.run(['/usr/lib/llvm-%s/bin/clang-tidy' % major, '--version'],
                         stdout=subprocess.PIPE, universal_newlines=True).stdout
    words = [w for w in out.split() if w[:1].isdigit()]
    return words[0] if words else '?'


def run(args):
    corpus = os.path.abspath(args.corpus)
    plugins = [parse_plugin(p) for p in args.plugin]
    tag = args.tag or plugin_commit(plugins[0][1])
    if not tag:
        raise SystemExit('cannot tell which commit built %s: give --tag' % plugins[0][1])
    specs = args.projects.split(',') if args.projects else project_names()
    names = [spec.partition(':')[0] for spec in specs]
    tus = select_tus(corpus, specs, args.limit)
    if not tus:
        raise SystemExit('no TU found under %s: run tools/corpus/build.sh '
                         '(CORPUS=%s) first' % (corpus, corpus))
    meta = {
        'tag': tag,
        'date': datetime.datetime.utcnow().strftime('%Y-%m-%d %H:%M UTC'),
        'host': '%s, %d CPUs' % (platform.node(), os.cpu_count()),
        'corpus': corpus,
        'tidy': ', '.join('%s=%s' % (m, tidy_version(m)) for m, _ in plugins),
        'plugins': ', '.join('%s=%s' % p for p in plugins),
        'tus': '%d (%s)' % (len(tus), ', '.join(
            '%s %d' % (n, sum(1 for p, _ in tus if p == n)) for n in names
            if any(p == n for p, _ in tus))),
        'load_before': load_average(),
    }
    os.makedirs(RESULTS, exist_ok=True)
    if not args.skip_timing:
        timings(tus, plugins, corpus, meta)
    if args.callgrind:
        counts(plugins, corpus, tag, meta, args.callgrind)
    report([tag])


def timings(tus, plugins, corpus, meta):
    out_path = os.path.join(RESULTS, 'corpus-%s.tsv' % meta['tag'])
    rows = []
    began = time.monotonic()
    for i, (project, path) in enumerate(tus):
        pdir = os.path.join(corpus, project)
        for major, plugin in plugins:
            for config, checks in CONFIGS:
                rc, cpu, wall, per_check = profiled(
                    tidy_command(major, plugin, checks, pdir, path), pdir)
                rows.append({'llvm': major, 'project': project,
                             'tu': os.path.relpath(path, pdir), 'config': config, 'rc': rc,
                             'cpu': cpu, 'wall': wall, 'own_check': per_check.get(CHECK, 0.0),
                             'own_uam': per_check.get(UAM, 0.0),
                             'own_all': sum(per_check.values())})
        if (i + 1) % 25 == 0 or i + 1 == len(tus):
            print('%d/%d TUs, %.0f s, load %s' % (i + 1, len(tus), time.monotonic() - began,
                                                   load_average()), flush=True)
    meta['load_after'] = load_average()
    meta['seconds'] = '%.0f' % (time.monotonic() - began)
    write_rows(out_path, meta, COLUMNS, rows)
    print('wrote', os.path.relpath(out_path, ROOT))


def counts(plugins, corpus, tag, meta, how_many):
    cg_rows = []
    for project, path in callgrind_tus(corpus, how_many):
        pdir = os.path.join(corpus, project)
        for major, plugin in plugins:
            for config, checks in CONFIGS:
                count = instructions(tidy_command(major, plugin, checks, pdir, path), pdir)
                cg_rows.append({'llvm': major, 'project': project,
                                'tu': os.path.relpath(path, pdir), 'config': config,
                                'instructions': count})
                print('%s %s/%s %s %.1f M' % (major, project, cg_rows[-1]['tu'], config,
                                              count / 1e6), flush=True)
    cg_path = os.path.join(RESULTS, 'corpus-callgrind-%s.tsv' % tag)
    write_rows(cg_path, meta, ('llvm', 'project', 'tu', 'config', 'instructions'), cg_rows)
    print('wrote', os.path.relpath(cg_path, ROOT))


def write_rows(path, meta, columns, rows):
    with open(path, 'w') as f:
        for key, value in meta.items():
            f.write('# %s: %s\n' % (key, value))
        f.write('\t'.join(columns) + '\n')
        for row in rows:
            f.write('\t'.join('%.4f' % row[c] if isinstance(row[c], float) else str(row[c])
                              for c in columns) + '\n')


def read_rows(path):
    meta, rows, header = {}, [], None
    with open(path) as f:
        for line in f:
            line = line.rstrip('\n')
            if line.startswith('# '):
                key, _, value = line[2:].partition(': ')
                meta[key] = value
            elif header is None:
                header = line.split('\t')
            elif line:
                rows.append(dict(zip(header, line.split('\t'))))
    return meta, rows


def totals(rows, major):
    """Per configuration: summed CPU, wall and profile seconds over the TUs
    that ran to the end in every configuration.  Exit code 1 (compiler
    errors reported) is kept: clang-tidy still parses and checks the TU, and
    a driver error about a GCC-only flag is enough to cause it.  Returns
    (TUs, TUs kept, TUs kept with exit code 1, sums)."""
    by_tu = {}
    for r in rows:
        if r['llvm'] == major:
            by_tu.setdefault((r['project'], r['tu']), {})[r['config']] = r
    kept = [runs for runs in by_tu.values()
            if len(runs) == len(CONFIGS) and all(x['rc'] in ('0', '1') for x in runs.values())]
    with_errors = sum(1 for runs in kept if any(x['rc'] == '1' for x in runs.values()))
    sums = {}
    for config, _ in CONFIGS:
        sums[config] = {k: sum(float(runs[config][k]) for runs in kept)
                        for k in ('cpu', 'wall', 'own_check', 'own_uam', 'own_all')}
    return len(by_tu), len(kept), with_errors, sums


def pct(part, whole):
    return 100.0 * part / whole if whole else float('nan')


def time_table(tag):
    path = os.path.join(RESULTS, 'corpus-%s.tsv' % tag)
    if not os.path.exists(path):
        return
    meta, rows = read_rows(path)
    print('Plugin `%s`, %s; %s TUs; load average %s before, %s after; %s s.\n'
          % (tag, meta.get('date'), meta.get('tus'), meta.get('load_before'),
             meta.get('load_after'), meta.get('seconds')))
    for major in sorted({r['llvm'] for r in rows}, key=int):
        seen, kept, with_errors, s = totals(rows, major)
        print('LLVM %s: %d of %d TUs ran to the end in every configuration (%d of them with '
              'exit code 1, compiler errors reported).\n' % (major, kept, seen, with_errors))
        print('| run | CPU (s) | wall (s) | CPU vs parse only | '
              'process-unreaped-child own (s) | own, % of the run\'s CPU |')
        print('|---|---:|---:|---:|---:|---:|')
        parse = s['parse']['cpu']
        for config, _ in CONFIGS:
            v = s[config]
            own = v['own_check'] if config in ('check', 'both') else None
            if config == 'uam':
                own = v['own_uam']
            print('| %s | %.1f | %.1f | %s | %s | %s |' % (
                LABELS[config], v['cpu'], v['wall'],
                '' if config == 'parse' else '%+.1f%%' % pct(v['cpu'] - parse, parse),
                '' if own is None else '%.2f' % own,
                '' if own is None else '%.2f%%' % pct(own, v['cpu'])))
        b, c = s['bugprone'], s['both']
        print('\n`bugprone-*` + this check vs `bugprone-*`: CPU %+.1f%%, wall %+.1f%%; '
              'all checks\' own time in `bugprone-*`: %.1f s (%.1f%% of its CPU).  '
              'The `uam` row\'s own time is `bugprone-use-after-move`\'s.\n'
              % (pct(c['cpu'] - b['cpu'], b['cpu']), pct(c['wall'] - b['wall'], b['wall']),
                 b['own_all'], pct(b['own_all'], b['cpu'])))


def callgrind_table(tag):
    path = os.path.join(RESULTS, 'corpus-callgrind-%s.tsv' % tag)
    if not os.path.exists(path):
        return
    _, rows = read_rows(path)
    for major in sorted({r['llvm'] for r in rows}, key=int):
        table = {}
        for r in rows:
            if r['llvm'] == major:
                table.setdefault('%s/%s' % (r['project'], r['tu']), {})[r['config']] = \
                    int(r['instructions'])
        print('LLVM %s, instructions (callgrind), plugin `%s`:\n' % (major, tag))
        print('| TU | parse only (M) | this check | use-after-move | `bugprone-*` (M) '
              '| + this check |')
        print('|---|---:|---:|---:|---:|---:|')
        tot = dict.fromkeys((c for c, _ in CONFIGS), 0)
        for tu, v in table.items():
            for k in tot:
                tot[k] += v.get(k, 0)
            print(callgrind_line(tu, v))
        print(callgrind_line('**all %d**' % len(table), tot))
        print()


def callgrind_line(name, v):
    return '| %s | %.0f | %+.2f%% | %+.2f%% | %.0f | %+.2f%% |' % (
        name, v['parse'] / 1e6, pct(v['check'] - v['parse'], v['parse']),
        pct(v['uam'] - v['parse'], v['parse']), v['bugprone'] / 1e6,
        pct(v['both'] - v['bugprone'], v['bugprone']))


def summary_line(tag):
    """The headline figures of one plugin, per LLVM major."""
    path = os.path.join(RESULTS, 'corpus-%s.tsv' % tag)
    rows = read_rows(path)[1] if os.path.exists(path) else []
    out = {}
    cg = {}
    path = os.path.join(RESULTS, 'corpus-callgrind-%s.tsv' % tag)
    if os.path.exists(path):
        for r in read_rows(path)[1]:
            per = cg.setdefault(r['llvm'], dict.fromkeys((c for c, _ in CONFIGS), 0))
            per[r['config']] += int(r['instructions'])
    for major in sorted({r['llvm'] for r in rows}, key=int):
        _, _, _, s = totals(rows, major)
        i = cg.get(major)
        out[major] = (
            pct(s['check']['own_check'], s['check']['cpu']),
            pct(s['both']['own_check'], s['both']['cpu']),
            pct(s['check']['cpu'] - s['parse']['cpu'], s['parse']['cpu']),
            pct(s['both']['cpu'] - s['bugprone']['cpu'], s['bugprone']['cpu']),
            pct(i['check'] - i['parse'], i['parse']) if i else float('nan'),
            pct(i['both'] - i['bugprone'], i['bugprone']) if i else float('nan'),
            pct(s['uam']['own_uam'], s['uam']['cpu']))
    return out


def before_after(tags):
    figures = {tag: summary_line(tag) for tag in tags}
    majors = sorted({m for f in figures.values() for m in f}, key=int)
    names = ('own time, this check alone (% of the run\'s CPU)',
             'own time inside `bugprone-*` + this check (% of the run\'s CPU)',
             'CPU, this check alone vs parse only',
             'CPU, `bugprone-*` + this check vs `bugprone-*`',
             'instructions, this check alone vs parse only',
             'instructions, `bugprone-*` + this check vs `bugprone-*`',
             'for scale: `bugprone-use-after-move` own time alone (%)')
    print('| LLVM | figure | %s |' % ' | '.join('`%s`' % t for t in tags))
    print('|---|---|%s' % ('---:|' * len(tags)))
    for major in majors:
        for n, name in enumerate(names):
            cells = []
            for tag in tags:
                v = figures[tag].get(major)
                cells.append('n/a' if v is None or v[n] != v[n] else
                             ('%.2f%%' if n in (0, 1, 6) else '%+.2f%%') % v[n])
            print('| %s | %s | %s |' % (major, name, ' | '.join(cells)))
    print()


def callgrind_before_after(tags):
    """Per TU and LLVM major: instructions added by this check, alone (vs
    parse only) and on top of bugprone-*, for each plugin."""
    counts = {}
    for tag in tags:
        path = os.path.join(RESULTS, 'corpus-callgrind-%s.tsv' % tag)
        if os.path.exists(path):
            for r in read_rows(path)[1]:
                key = (r['llvm'], '%s/%s' % (r['project'], r['tu']))
                counts.setdefault(key, {}).setdefault(tag, {})[r['config']] = \
                    int(r['instructions'])
    if not counts:
        return
    print('| LLVM | TU | %s | %s |' % (
        ' | '.join('alone `%s`' % t for t in tags),
        ' | '.join('in `bugprone-*` `%s`' % t for t in tags)))
    print('|---|---|%s' % ('---:|' * 2 * len(tags)))
    for major in sorted({m for m, _ in counts}, key=int):
        tus = [tu for m, tu in counts if m == major]
        tot = {}
        for tu in tus + ['**all %d**' % len(tus)]:
            per = counts.get((major, tu)) or tot
            alone, within = [], []
            for tag in tags:
                v = per.get(tag)
                if v and len(v) == len(CONFIGS):
                    if per is not tot:
                        sums = tot.setdefault(tag, dict.fromkeys(v, 0))
                        for k in v:
                            sums[k] += v[k]
                    alone.append('%+.2f%%' % pct(v['check'] - v['parse'], v['parse']))
                    within.append('%+.2f%%' % pct(v['both'] - v['bugprone'], v['bugprone']))
                else:
                    alone.append('n/a')
                    within.append('n/a')
            print('| %s | %s | %s | %s |' % (major, tu, ' | '.join(alone), ' | '.join(within)))
    print()


def report(tags):
    if len(tags) > 1:
        before_after(tags)
        callgrind_before_after(tags)
    for tag in tags:
        time_table(tag)
        callgrind_table(tag)


def add_run_arguments(ap):
    ap.add_argument('--corpus', default=default_corpus(),
                    help='the corpus of tools/corpus/build.sh (default: $CORPUS, else '
                    '%(default)s)')
    ap.add_argument('--plugin', action='append',
                    help='[MAJOR=]path of a plugin; repeat for several LLVM majors '
                    '(default: build/libreapcheck.so)')
    ap.add_argument('--tag', default='', help='name of the results: the commit that built '
                    'the plugin (default: found from the plugin\'s build tree)')
    ap.add_argument('--projects', default='',
                    help='comma-separated corpus projects, each NAME or NAME:N to take at '
                    'most N of its TUs (default: every project built)')
    ap.add_argument('--limit', type=int, default=0,
                    help='at most this many TUs per project, evenly spread (default: all)')
    ap.add_argument('--callgrind', type=int, default=0, metavar='N',
                    help='also count instructions on the first N TUs of bench/tus.tsv')
    ap.add_argument('--skip-timing', action='store_true',
                    help='only the instruction counts (with --callgrind), e.g. in a second '
                    'process beside a timing run')


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    sub = ap.add_subparsers(dest='command', required=True)
    add_run_arguments(sub.add_parser('run'))
    rep = sub.add_parser('report')
    rep.add_argument('tags', nargs='+')
    args = ap.parse_args(argv)
    if args.command == 'report':
        report(args.tags)
        return
    run_with_defaults(args)


def run_with_defaults(args):
    if not args.plugin:
        args.plugin = [os.path.join(ROOT, 'build', 'libreapcheck.so')]
    run(args)


if __name__ == '__main__':
    main()
