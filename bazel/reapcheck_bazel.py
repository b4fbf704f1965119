#!/usr/bin/env python3
"""The actions of the reapcheck Bazel aspect (reapcheck.bzl): each step of
tools/reapcheck -p, for one unit or one program, inside a sandbox.

    index   one source: reapcheck-tidy in index mode (REAPCHECK_INDEX), its
            part written to --part
    merge   the parts of one program (a cc_binary or cc_test and everything
            it links): the driver's facts.merge(), the facts file written
            to --facts and, per source, the slice of it that source's check
            reads
    check   one source with its slice (REAPCHECK_FACTS): its findings,
            start sites and failures as the driver's --json file
    report  --json files joined as the driver's --merge joins shards: one
            --json, --sarif and the text clang-tidy prints (--text, with
            the exit status the driver would give in --status)

The merge, the reports and the reading of clang-tidy's output are those of
tools/reapcheck_lib (the package is an input of every action); nothing here
judges a unit.

Paths.  The check writes absolute paths into its part (the unit's file,
the USR of a static function), and every sandboxed action runs in an exec
root of its own, where the source is a link into the workspace (the
check names its unit by the link's target) or, remotely, a copy.  A part
therefore says EXECROOT/PATH for each, and a check makes them the paths
of its own exec root (the links resolved) before reading the facts: the
facts of one exec root are those of every other, and of a remote
executor's.
"""

import argparse
import json
import os
import sys
import tempfile

EXECROOT = '%EXECROOT%'


def _import_lib(init_file):
    """tools/reapcheck_lib, from the declared input whose __init__.py is
    given (its tools/ directory goes first on sys.path)."""
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(init_file))))
    global checking, diagnostics, facts, report, baseline, planning, slices, tidyrun
    from reapcheck_lib import baseline, checking, diagnostics, facts, planning, report, \
        slices, tidyrun


def _map_strings(value, fn):
    """value with fn applied to every string, keys included."""
    if isinstance(value, str):
        return fn(value)
    if isinstance(value, list):
        return [_map_strings(v, fn) for v in value]
    if isinstance(value, dict):
        return {_map_strings(k, fn): _map_strings(v, fn) for k, v in value.items()}
    return value


def _portable(value, cwd, src):
    """A part as every exec root reads it: the check names its unit by the
    source's real path (the sandbox's link resolved), other paths under
    the exec root it ran in; both become EXECROOT/PATH."""
    real = os.path.realpath(os.path.join(cwd, src))

    def fn(s):
        if s == real or s.startswith(real + '#'):
            return EXECROOT + '/' + src + s[len(real):]
        return s.replace(cwd + '/', EXECROOT + '/')
    return _map_strings(value, fn)


def _local(value, cwd):
    """Facts as the check in this exec root names the files: EXECROOT/PATH
    becomes PATH's real path here (what the check computes for its own
    unit), a unit variant (#...) kept."""
    def fn(s):
        if EXECROOT + '/' not in s:
            return s
        path, sep, variant = s.replace(EXECROOT + '/', '', 1).partition('#')
        return os.path.realpath(os.path.join(cwd, path)) + sep + variant
    return _map_strings(value, fn)


def _fail(lines):
    for line in lines:
        sys.stderr.write('reapcheck: %s\n' % line)
    return 1


def _tidy_base(args, checks=None):
    return [os.path.abspath(args.tidy), '-checks=-*,' + (checks or args.checks), '--quiet',
            '--header-filter=.*']


def _unit(args):
    cwd = os.getcwd()
    return planning.Unit(os.path.join(cwd, args.src), cwd, compile_args=args.compile_args,
                         cwd=cwd)


def _config_problems(proc, cwd):
    return [d['message'] for d in diagnostics.parse(proc.stdout, cwd)
            if diagnostics.is_config(d) and d['level'] != 'warning']


# -- index ------------------------------------------------------------------

def index(args):
    unit = _unit(args)
    logs = tidyrun.Logs()  # a directory under $TMPDIR, made only for a crash
    paths = report.Paths(unit.cwd)
    with tempfile.TemporaryDirectory(prefix='reapcheck-index-') as tmp:
        part_file = os.path.join(tmp, 'part.jsonl')
        env = {'PATH': os.environ.get('PATH', '/usr/bin:/bin'), 'REAPCHECK_INDEX': part_file,
               'REAPCHECK_INVENTORY': os.path.join(tmp, 'inventory.tsv')}
        # process-unreaped-child alone writes index parts: it indexes
        # whichever checks the check actions run.
        cmd = unit.command(_tidy_base(args, 'process-unreaped-child'))
        proc = tidyrun.run(cmd, env, unit.cwd)
        why = tidyrun.problem(proc, unit.path, cmd, 'index', logs, paths.display)
        if why:
            return _fail(['%s: %s' % (args.src, why), proc.stderr])
        problems = _config_problems(proc, unit.cwd)
        if problems:
            return _fail(['%s: configuration error: %s' % (args.src, p) for p in problems])
        if not os.path.exists(part_file):
            if proc.returncode != 0:
                return _fail(['%s does not compile (clang-tidy exited with status %d):'
                              % (args.src, proc.returncode), proc.stdout + proc.stderr])
            parts = []
        else:
            with open(part_file, errors='replace') as f:
                parts = facts.read_parts(f.read())
            for part in parts:
                facts.validate_part(part)
    with open(args.part, 'w') as f:
        for part in parts:
            f.write(json.dumps(_portable(part, unit.cwd, args.src), sort_keys=True) + '\n')
    return 0


# -- merge ------------------------------------------------------------------

def _write_json(path, value):
    with open(path, 'w') as f:
        json.dump(value, f, indent=1, sort_keys=True)
        f.write('\n')


def merge(args):
    by_unit = []
    for src, part_file, slice_file in args.unit:
        with open(part_file) as f:
            by_unit.append((EXECROOT + '/' + src, facts.read_parts(f.read()), slice_file))
    try:
        # No stamps: Bazel, not the check, knows when a file changed, and a
        # stamp would make every edit a change of every slice.
        merged = facts.merge([p for _, parts, _ in by_unit for p in parts], {})
    except ValueError as e:
        return _fail(['project facts: %s' % e])
    _write_json(args.facts, merged)
    for path, parts, slice_file in by_unit:
        _write_json(slice_file, slices.slice_for(merged, parts, path))
    return 0


# -- check ------------------------------------------------------------------

def check(args):
    unit = _unit(args)
    paths = report.Paths(unit.cwd)
    logs = tidyrun.Logs()  # a directory under $TMPDIR, made only for a crash
    with open(args.facts) as f:
        sliced = _local(json.load(f), unit.cwd)
    with tempfile.TemporaryDirectory(prefix='reapcheck-check-') as tmp:
        facts_file = os.path.join(tmp, 'facts.json')
        _write_json(facts_file, sliced)
        inventory_file = os.path.join(tmp, 'inventory.tsv')
        env = {'PATH': os.environ.get('PATH', '/usr/bin:/bin'),
               'REAPCHECK_FACTS': facts_file, 'REAPCHECK_INVENTORY': inventory_file}
        cmd = unit.command(_tidy_base(args))
        proc = tidyrun.run(cmd, env, unit.cwd)
        result = checking._empty_result(unit)
        why = tidyrun.problem(proc, unit.path, cmd, 'check', logs, paths.display)
        if why:
            return _fail(['%s: %s' % (args.src, why), proc.stderr])
        checking.judge_run(result, unit, proc, inventory_file, None, False, paths)
    if result['failure'] or result['config']:
        said = ['%s: %s' % (args.src, result['failure'])] if result['failure'] else []
        return _fail(said + ['%s: configuration %s: %s' % (args.src, d['level'], d['message'])
                             for d in result['config']])
    rep = report.Report()
    rep.checks.update(args.checks.split(','))
    checking.add_results(rep, [result])
    rep.finish([], paths)
    baseline.stamp(rep, unit.cwd, paths, baseline.Sources())
    report.write_json(rep, args.out, None, paths)
    return 0


# -- report -----------------------------------------------------------------

def report_(args):
    cwd = os.getcwd()
    paths = report.Paths(cwd)
    rep = report.load_shards(args.inputs, paths)
    rep.mark_unreported()
    if args.json:
        report.write_json(rep, args.json, None, paths)
    if args.sarif:
        report.write_sarif(rep, args.sarif, cwd, paths)
        # The exec root is no place a reader knows: the URIs stay relative
        # to %SRCROOT%, the workspace, which SARIF viewers supply.
        with open(args.sarif) as f:
            sarif = json.load(f)
        for run in sarif['runs']:
            run.pop('originalUriBaseIds', None)
        _write_json(args.sarif, sarif)
    if args.text:
        with open(args.text, 'w') as f:
            for d in rep.sorted_diagnostics(paths):
                f.write(report.render_diagnostic(d, paths))
            f.write('reapcheck: %s\n' % rep.summary_line())
    if args.status:
        with open(args.status, 'w') as f:
            f.write('%d\n' % rep.exit_status())
    return 0


def main(argv):
    ap = argparse.ArgumentParser(prog='reapcheck_bazel.py')
    ap.add_argument('--lib', required=True, help="tools/reapcheck_lib's __init__.py")
    sub = ap.add_subparsers(dest='step', required=True)
    for name in ('index', 'check'):
        p = sub.add_parser(name)
        p.add_argument('--tidy', required=True)
        p.add_argument('--src', required=True, help='the source, relative to the exec root')
        p.add_argument('--checks', default='process-unreaped-child')
        if name == 'index':
            p.add_argument('--part', required=True)
        else:
            p.add_argument('--facts', required=True)
            p.add_argument('--out', required=True)
        p.add_argument('compile_args', nargs='*')
    p = sub.add_parser('merge')
    p.add_argument('--facts', required=True)
    p.add_argument('--unit', nargs=3, action='append', default=[],
                   metavar=('SRC', 'PART', 'SLICE'))
    p = sub.add_parser('report')
    p.add_argument('--json')
    p.add_argument('--sarif')
    p.add_argument('--text')
    p.add_argument('--status')
    p.add_argument('inputs', nargs='*')
    args = ap.parse_args(argv)
    _import_lib(args.lib)
    step = {'index': index, 'merge': merge, 'check': check, 'report': report_}[args.step]
    return step(args)


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
