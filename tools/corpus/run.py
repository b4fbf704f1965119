#!/usr/bin/env python3
"""Runs process-unreaped-child over every translation unit of the corpus.

    tools/corpus/run.py [--plugin SO] [--jobs N] [--out DIR] [NAME...]

For each project of tools/corpus/projects.tsv (built by build.sh, so that
$CORPUS/NAME/compile_commands.json exists) every distinct source file of the
database is given to

    clang-tidy-19 --load=PLUGIN -checks=-*,process-unreaped-child -p DB FILE

with REAPCHECK_INVENTORY set, so each analysed start site is listed with its
verdict.  Per translation unit it records the exit code, compiler errors
(the check does not judge a TU that does not compile, so those are counted
apart) and crashes (exit code other than 0/1, a signal, "Stack dump").

Writes into --out (default tools/corpus/results):
  summary.tsv   one line per project: TUs, TUs with errors, crashes, start
                sites (distinct file:line:col), verdict counts, reports
  reports.tsv   one line per warning of the check, with its notes
  sites.tsv     the distinct start sites and their verdicts
  errors.tsv    the first compiler error of each TU that has one
Paths are relative to the project's checkout.
"""

import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
# Where tools/corpus/build.sh puts the corpus (same default).
CORPUS = os.environ.get('CORPUS') or os.path.join(
    os.environ.get('XDG_CACHE_HOME') or os.path.join(os.path.expanduser('~'), '.cache'),
    'reapcheck', 'corpus')
TIDY = os.environ.get('CLANG_TIDY', '/usr/lib/llvm-19/bin/clang-tidy')
DIAG = re.compile(r'^(?P<file>[^:\s][^:]*):(?P<line>\d+):(?P<col>\d+): '
                  r'(?P<kind>warning|error|note|fatal error): (?P<text>.*)$')
SOURCE_EXT = ('.c', '.cc', '.cpp', '.cxx', '.C', '.m')


def projects():
    rows = []
    with open(os.path.join(HERE, 'projects.tsv')) as f:
        for line in f:
            if not line.strip() or line.startswith('#'):
                continue
            name, repo, commit, recipe = line.rstrip('\n').split('\t')
            rows.append((name, repo, commit))
    return rows


def translation_units(project_dir):
    with open(os.path.join(project_dir, 'compile_commands.json')) as f:
        db = json.load(f)
    seen = []
    for entry in db:
        path = entry['file']
        if not os.path.isabs(path):
            path = os.path.normpath(os.path.join(entry['directory'], path))
        if path.endswith(SOURCE_EXT) and path not in [p for p, _ in seen] \
                and os.path.exists(path):
            seen.append((path, entry['directory']))
    return seen


def run_one(plugin, project_dir, path, directory):
    fd, inventory = tempfile.mkstemp(prefix='reapcheck-inv-')
    os.close(fd)
    cmd = [TIDY, '--load=' + plugin, '-checks=-*,process-unreaped-child',
           '-p', project_dir, path]
    env = dict(os.environ, REAPCHECK_INVENTORY=inventory, LC_ALL='C')
    start = time.monotonic()
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True, errors='replace', env=env)
    elapsed = time.monotonic() - start
    with open(inventory) as f:
        inv = f.read()
    os.unlink(inventory)
    return path, directory, proc.returncode, proc.stdout, proc.stderr, elapsed, inv


def parse(stdout, project_dir, directory):
    """Returns (reports, first_error): reports are [warning, notes...]."""
    reports, errors = [], []
    current = None
    for line in stdout.split('\n'):
        m = DIAG.match(line)
        if not m:
            continue
        rel = os.path.relpath(os.path.join(directory, m.group('file')), project_dir)
        where = '%s:%s:%s' % (rel, m.group('line'), m.group('col'))
        kind, text = m.group('kind'), m.group('text')
        if kind in ('error', 'fatal error'):
            errors.append('%s: %s' % (where, text))
            current = None
        elif kind == 'warning' and text.endswith('[process-unreaped-child]'):
            current = [(where, text[:-len(' [process-unreaped-child]')])]
            reports.append(current)
        elif kind == 'note' and current is not None:
            current.append((where, text))
        else:
            current = None
    return reports, errors


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--plugin', default=os.path.join(ROOT, 'build', 'libreapcheck.so'))
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--out', default=os.path.join(HERE, 'results'))
    ap.add_argument('names', nargs='*')
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)

    summary, all_reports, all_sites, all_errors, ran = [], [], [], [], []
    for name, repo, commit in projects():
        if args.names and name not in args.names:
            continue
        pdir = os.path.join(CORPUS, name)
        ran.append(name)
        if not os.path.exists(os.path.join(pdir, 'compile_commands.json')):
            print('%s: no compile_commands.json (run tools/corpus/build.sh)' % name,
                  file=sys.stderr)
            continue
        head = subprocess.run(['git', '-C', pdir, 'rev-parse', 'HEAD'],
                              stdout=subprocess.PIPE, universal_newlines=True).stdout.strip()
        tus = translation_units(pdir)
        sites = {}
        erroneous, crashes, reports = 0, [], []
        wall = 0.0
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            jobs = [pool.submit(run_one, args.plugin, pdir, tu, d) for tu, d in tus]
            for job in jobs:
                path, directory, code, out, err, elapsed, inv = job.result()
                wall += elapsed
                rel = os.path.relpath(path, pdir)
                crashed = (code not in (0, 1) or 'Stack dump' in err or
                           'PLEASE submit a bug report' in err)
                if crashed:
                    crashes.append(rel)
                    print('CRASH %s %s (exit %d)\n%s' % (name, rel, code, err[-3000:]),
                          file=sys.stderr)
                found, errors = parse(out, pdir, directory)
                if errors:
                    erroneous += 1
                    all_errors.append((name, rel, errors[0]))
                for r in found:
                    reports.append(r)
                # Distinct start sites: a header included by several TUs counts once.
                for line in inv.split('\n'):
                    parts = line.split('\t')
                    if len(parts) != 4:
                        continue
                    loc, verdict, api, var = parts
                    fpath, _, rest = loc.partition(':')
                    rel = os.path.relpath(os.path.join(directory, fpath), pdir)
                    sites.setdefault(rel + ':' + rest, (verdict, api, var))
        distinct = {}
        for r in reports:
            distinct.setdefault(r[0][0], r)
        reports = list(distinct.values())
        verdicts = {}
        for v, _, _ in sites.values():
            verdicts[v] = verdicts.get(v, 0) + 1
        summary.append((name, repo, head, len(tus), erroneous, len(crashes), len(sites),
                        verdicts.get('reaped', 0), verdicts.get('handed-off', 0),
                        verdicts.get('no-parent-child', 0), verdicts.get('leaked', 0),
                        verdicts.get('leaked-unreported', 0), len(reports), round(wall, 1)))
        for key in sorted(sites, key=natural):
            all_sites.append((name, key) + sites[key])
        for r in sorted(reports, key=lambda r: natural(r[0][0])):
            all_reports.append((name, r[0][0], r[0][1],
                                ' | '.join('%s: %s' % n for n in r[1:])))
        print('%-18s TUs %4d  errors %3d  crashes %d  sites %4d  reports %3d  (%.0f s)'
              % (name, len(tus), erroneous, len(crashes), len(sites), len(reports), wall))

    write(args.out, 'summary.tsv', ('project', 'repository', 'commit', 'TUs',
                                    'TUs with errors', 'crashes', 'start sites', 'reaped',
                                    'handed off', 'no parent child', 'leaked',
                                    'leaked unreported', 'reports', 'tidy seconds'),
          summary, merge=ran if args.names else None)
    write(args.out, 'reports.tsv', ('project', 'location', 'warning', 'notes'),
          all_reports, merge=ran if args.names else None)
    write(args.out, 'sites.tsv', ('project', 'location', 'verdict', 'api', 'variable'),
          all_sites, merge=ran if args.names else None)
    write(args.out, 'errors.tsv', ('project', 'TU', 'first error'), all_errors,
          merge=ran if args.names else None)


def natural(key):
    return [int(p) if p.isdigit() else p for p in re.split(r'(\d+)', key)]


def write(out, fname, header, rows, merge):
    """Writes rows; with merge (a list of the projects run), keeps the other
    projects' rows of the file."""
    path = os.path.join(out, fname)
    names = set(merge or ())
    kept = []
    if merge and os.path.exists(path):
        with open(path) as f:
            next(f, None)
            kept = [tuple(l.rstrip('\n').split('\t')) for l in f if l.strip()]
        kept = [r for r in kept if r[0] not in names]
        order = [p[0] for p in projects()]
        rows = sorted(kept + [tuple(r) for r in rows],
                      key=lambda r: order.index(r[0]) if r[0] in order else 99)
    with open(path, 'w') as f:
        f.write('\t'.join(header) + '\n')
        for r in rows:
            f.write('\t'.join(str(c) for c in r) + '\n')


if __name__ == '__main__':
    main()
