#!/usr/bin/env python3
"""Cost of process-unreaped-child on real translation units, and its scaling.

    bench/run.py [--corpus DIR] [--plugin SO] [--runs N] [--only real|scale] [--callgrind]

Needs the corpus of tools/corpus (tools/corpus/build.sh; --corpus, else
$REAPCHECK_CORPUS, else $XDG_CACHE_HOME/reapcheck/corpus) for the real TUs,
hyperfine, valgrind (only with --callgrind) and the default LLVM major
(tools/DEFAULT_LLVM_MAJOR).

    bench/run.py --only corpus [ARGS of bench/corpus_bench.py run]

`--only corpus` (given first) is the side-by-side table of
docs/performance.md: parse only, this check, bugprone-use-after-move,
bugprone-* with and without this check, on every corpus TU, for one plugin
per LLVM major; see bench/corpus_bench.py.

Real TUs (bench/tus.tsv): for each TU, one hyperfine run compares
  base   clang-tidy --load=PLUGIN -checks=-*,llvm-namespace-comment -p DB TU
  check  clang-tidy --load=PLUGIN -checks=-*,llvm-namespace-comment,process-unreaped-child ...
  uam    clang-tidy --load=PLUGIN -checks=-*,llvm-namespace-comment,bugprone-use-after-move ...
  sa     clang --analyze -Xclang -analyzer-checker=unix <the TU's own flags>
  parse  clang -fsyntax-only <the TU's own flags>
Baseline: clang-tidy refuses to run with no check enabled, so every tidy
command enables llvm-namespace-comment, a matcher on namespace declarations:
C has none, and the C++ TUs here have a handful, so it costs nothing
measurable; the plugin is loaded in every tidy command.  The cost of a check
is then (check - base) / base, where base is the whole parse + AST +
clang-tidy set-up of that TU.  On top of wall times, clang-tidy's own
--enable-check-profile gives the time spent inside our check's callbacks.

Scaling (bench/gen_scale.py): the check's own CPU time (check profile,
user+sys, median of --runs) for one function of 1k..100k statements, and for
1..1000 starts (growing body, and fixed 20k-statement body).

Results: bench/results/{real,scale,callgrind}[-TAG].tsv (and a summary on
stdout); docs/performance.md quotes them.
"""

import argparse
import glob
import json
import json
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import corpus_bench

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, 'tools'))
from reapcheck_lib import compdb, project  # noqa: E402

CORPUS = project.corpus_dir()
LLVM = '/usr/lib/llvm-%s/bin' % project.default_llvm_major()
TIDY = LLVM + '/clang-tidy'
BASE_CHECK = 'llvm-namespace-comment'
# GCC options clang's driver rejects (clang-tidy drops them on its own).
GCC_ONLY = ('-mindirect-branch=', '-mfunction-return=')


def compile_entry(project, rel):
    pdir = os.path.join(CORPUS, project)
    for e in compdb.read(pdir):
        if e.file == os.path.join(pdir, rel):
            return pdir, e.directory, e.file, e.arguments
    raise SystemExit('%s: %s not in the compile database' % (project, rel))


def clang_args(args, path, cxx):
    """The TU's compile command, rewritten for clang with no output files."""
    out = [LLVM + ('/clang++' if cxx else '/clang')]
    skip = False
    for a in args[1:]:
        if skip:
            skip = False
            continue
        if a in ('-o', '-MF', '-MT', '-MQ'):
            skip = True
            continue
        if a in ('-c', '-MD', '-MMD', '-MP') or a == path or a.endswith(os.path.basename(path)):
            continue
        if a.startswith(GCC_ONLY):
            continue
        out.append(a)
    return out + ['-Wno-unknown-warning-option', path]


def hyperfine(commands, cwd, runs):
    fd, js = tempfile.mkstemp(suffix='.json')
    os.close(fd)
    cmd = ['hyperfine', '-N', '--warmup', '1', '--runs', str(runs), '--export-json', js,
           '--ignore-failure', '--style', 'none']
    for name, c in commands:
        cmd += ['-n', name, ' '.join(shlex.quote(x) for x in c)]
    subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, check=True)
    with open(js) as f:
        data = json.load(f)
    os.unlink(js)
    return {r['command']: statistics.median(r['times']) for r in data['results']}


def check_profile(cmd, runs, name='process-unreaped-child'):
    """Median user+sys seconds spent in the check's callbacks (check profile)."""
    values = []
    for _ in range(runs):
        d = tempfile.mkdtemp()
        subprocess.run(cmd[:1] + ['--enable-check-profile', '--store-check-profile=' + d] + cmd[1:],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        total = 0.0
        for p in glob.glob(os.path.join(d, '*.json')):
            with open(p) as f:
                prof = json.load(f)['profile']
            total += sum(v for k, v in prof.items()
                         if k.startswith('time.clang-tidy.%s.' % name) and not k.endswith('.wall'))
        shutil.rmtree(d)
        values.append(total)
    return statistics.median(values)


def wall(cmd, runs):
    values = []
    for _ in range(runs):
        t = time.monotonic()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        values.append(time.monotonic() - t)
    return statistics.median(values)


def callgrind(cmd, cwd):
    fd, out = tempfile.mkstemp()
    os.close(fd)
    subprocess.run(['valgrind', '--tool=callgrind', '--callgrind-out-file=' + out] + cmd,
                   cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    total = 0
    with open(out) as f:
        for line in f:
            if line.startswith('summary:') or line.startswith('totals:'):
                total = int(line.split()[1])
    os.unlink(out)
    return total


def real(args):
    rows = []
    with open(os.path.join(HERE, 'tus.tsv')) as f:
        tus = [l.rstrip('\n').split('\t') for l in f if l.strip() and not l.startswith('#')]
    for project, rel in tus:
        pdir, cwd, path, cargs = compile_entry(project, rel)
        cxx = path.endswith(('.cc', '.cpp', '.cxx'))
        tidy = [TIDY, '--load=' + args.plugin, '-p', pdir, '--quiet', path]
        base = tidy[:1] + ['-checks=-*,' + BASE_CHECK] + tidy[1:]
        check = tidy[:1] + ['-checks=-*,%s,process-unreaped-child' % BASE_CHECK] + tidy[1:]
        uam = tidy[:1] + ['-checks=-*,%s,bugprone-use-after-move' % BASE_CHECK] + tidy[1:]
        cc = clang_args(cargs, path, cxx)
        sa = cc[:1] + ['--analyze', '-Xclang', '-analyzer-checker=unix', '-o', '/dev/null'] + cc[1:]
        parse = cc[:1] + ['-fsyntax-only'] + cc[1:]
        t = hyperfine([('base', base), ('check', check), ('uam', uam), ('sa', sa),
                       ('parse', parse)], cwd, args.runs)
        own = check_profile(check, args.runs)
        row = {'tu': '%s/%s' % (project, rel), 'lines': sum(1 for _ in open(path, errors='replace')),
               'parse': t['parse'], 'base': t['base'], 'check': t['check'], 'uam': t['uam'],
               'sa': t['sa'], 'own': own}
        if args.callgrind:
            row['ir_base'] = callgrind(base, cwd)
            row['ir_check'] = callgrind(check, cwd)
        rows.append(row)
        print('%-44s base %.3f s  +check %+.1f%% (own %.1f%%)  +uam %+.1f%%  SA %.1fx'
              % (row['tu'], row['base'], pct(row['check'], row['base']),
                 100 * own / row['base'], pct(row['uam'], row['base']), row['sa'] / row['base']),
              flush=True)
    cols = ['tu', 'lines', 'parse', 'base', 'check', 'uam', 'sa', 'own']
    if args.callgrind:
        cols += ['ir_base', 'ir_check']
    os.makedirs(os.path.join(HERE, 'results'), exist_ok=True)
    with open(os.path.join(HERE, 'results', tagged('real', args)), 'w') as f:
        f.write('\t'.join(cols) + '\n')
        for r in rows:
            f.write('\t'.join(fmt(r[c]) for c in cols) + '\n')
    tot = {k: sum(r[k] for r in rows) for k in ('base', 'check', 'uam', 'sa', 'parse', 'own')}
    print('TOTAL base %.2f s, check %+.2f%% (own callbacks %.2f%%), use-after-move %+.2f%%, '
          'SA unix %.1fx base, clang -fsyntax-only %.2f s'
          % (tot['base'], pct(tot['check'], tot['base']), 100 * tot['own'] / tot['base'],
             pct(tot['uam'], tot['base']), tot['sa'] / tot['base'], tot['parse']))
    if args.callgrind:
        ib = sum(r['ir_base'] for r in rows)
        ic = sum(r['ir_check'] for r in rows)
        print('callgrind: base %d Ir, check %+.2f%%' % (ib, 100.0 * (ic - ib) / ib))


def instructions(args):
    """Instruction counts (callgrind) of base and base+check on every TU:
    unlike wall time, these do not move with the load of a shared machine."""
    rows = []
    with open(os.path.join(HERE, 'tus.tsv')) as f:
        tus = [l.rstrip('\n').split('\t') for l in f if l.strip() and not l.startswith('#')]
    for project, rel in tus:
        pdir, cwd, path, cargs = compile_entry(project, rel)
        tidy = [TIDY, '--load=' + args.plugin, '-p', pdir, '--quiet', path]
        base = tidy[:1] + ['-checks=-*,' + BASE_CHECK] + tidy[1:]
        check = tidy[:1] + ['-checks=-*,%s,process-unreaped-child' % BASE_CHECK] + tidy[1:]
        ib, ic = callgrind(base, cwd), callgrind(check, cwd)
        rows.append(('%s/%s' % (project, rel), ib, ic))
        print('%-44s base %6.0f M instr  +check %+.1f%%' % (rows[-1][0], ib / 1e6,
                                                          100.0 * (ic - ib) / ib), flush=True)
    tb, tc = sum(r[1] for r in rows), sum(r[2] for r in rows)
    print('TOTAL base %.0f M instructions, check %+.2f%%' % (tb / 1e6, 100.0 * (tc - tb) / tb))
    os.makedirs(os.path.join(HERE, 'results'), exist_ok=True)
    with open(os.path.join(HERE, 'results', tagged('callgrind', args)), 'w') as f:
        f.write('tu\tbase instructions\tcheck instructions\n')
        for r in rows:
            f.write('\t'.join(str(c) for c in r) + '\n')


def scale(args):
    series = [('stmts', n) for n in (1000, 3000, 10000, 30000, 100000)]
    series += [('starts', k) for k in (1, 10, 100, 300, 1000)]
    series += [('fixed', k) for k in (1, 10, 100, 1000)]
    d = tempfile.mkdtemp()
    rows = []
    for kind, n in series:
        src = os.path.join(d, '%s%d.c' % (kind, n))
        subprocess.run([sys.executable, os.path.join(HERE, 'gen_scale.py'), kind, str(n), src],
                       check=True)
        cmd = [TIDY, '--load=' + args.plugin, '-checks=-*,process-unreaped-child', '--quiet',
               src, '--']
        own = check_profile(cmd, args.runs)
        base = [TIDY, '--load=' + args.plugin, '-checks=-*,' + BASE_CHECK, '--quiet', src, '--']
        parse = wall(base, args.runs)
        out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             universal_newlines=True).stdout
        warnings = out.count('[process-unreaped-child]')
        stmts = sum(1 for _ in open(src)) - 8
        rows.append((kind, n, stmts, warnings, own, parse))
        print('%-6s %6d  %7d lines  %4d warnings  check %.4f s  (%.2f us/line)  '
              'base tidy %.3f s  (check = %.1f%% of it)'
              % (kind, n, stmts, warnings, own, 1e6 * own / stmts, parse, 100 * own / parse),
              flush=True)
    shutil.rmtree(d)
    os.makedirs(os.path.join(HERE, 'results'), exist_ok=True)
    with open(os.path.join(HERE, 'results', tagged('scale', args)), 'w') as f:
        f.write('series\tn\tbody lines\twarnings\tcheck seconds\tbase tidy seconds\n')
        for r in rows:
            f.write('\t'.join(fmt(c) for c in r) + '\n')


def tagged(name, args):
    return '%s-%s.tsv' % (name, args.tag) if args.tag else name + '.tsv'


def pct(a, b):
    return 100.0 * (a - b) / b


def fmt(v):
    return '%.4f' % v if isinstance(v, float) else str(v)


def main():
    global CORPUS
    ap = argparse.ArgumentParser()
    ap.add_argument('--corpus', default=CORPUS,
                    help='where tools/corpus/build.sh put the projects (default: %(default)s)')
    ap.add_argument('--plugin', default=os.path.join(ROOT, 'build', 'libreapcheck.so'))
    ap.add_argument('--runs', type=int, default=5)
    ap.add_argument('--only', choices=('real', 'scale', 'callgrind', 'corpus'),
                    help='corpus: see bench/corpus_bench.py (must be the first argument)')
    ap.add_argument('--callgrind', action='store_true')
    ap.add_argument('--tag', default='',
                    help='suffix of the result files (e.g. the commit of the plugin)')
    args = ap.parse_args()
    CORPUS = args.corpus
    if args.only == 'callgrind':
        instructions(args)
        return
    if args.only != 'scale':
        real(args)
    if args.only != 'real':
        scale(args)


if __name__ == '__main__':
    main()
