"""The tables of bench/corpus_bench.py: reads its results/*.tsv files and
prints the time and instruction tables of docs/performance.md, for one run
or before and after (`corpus_bench.py report TAG...`)."""

import os

from corpus_config import CONFIGS, LABELS, RESULTS


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
