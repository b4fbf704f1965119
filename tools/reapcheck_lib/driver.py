"""Driver behind tools/reapcheck: runs process-unreaped-child over many files.

One clang-tidy process per translation unit, in parallel.  Each process gets
its own REAPCHECK_INVENTORY file, in which the check lists every start site it
analysed with a verdict; the driver merges those lists (a site in a header is
seen by every translation unit that includes it, so sites are deduplicated by
location) and ends with one summary line on stderr: the warnings printed, each
in exactly one count by kind, then the inventory, so that a clean run is
visibly not a vacuous one:

    reapcheck: 1 leaked (1 not reaped); 37 start sites in 12 files: 30 reaped, 6 handed off, 1 not reaped; 14 translation units checked

Diagnostics are printed in clang's format, deduplicated and sorted by location.
Exit status: 0 clean, 1 when the check reported a child process, 2 when
clang-tidy failed on a file, the configuration has an error (a .clang-tidy
clang-tidy cannot parse, an option name or value the check does not know),
or the driver was used wrongly.

Every file named on the command line is checked, or the run fails: a source
the compile database does not list borrows the flags of its nearest
neighbour there, a header is checked through a listed source that includes
it (confirmed with the compiler's -H) or else on its own.

A CI matrix can split the work with --shard K/N and --json FILE on separate
runners, then join the shards with --merge: the merged report, summary line
and exit status are those of one unsharded run.

This module is the entry point and what a run prints; the command line is
in cli.py, choosing the translation units in planning.py, running them in
checking.py, and the merged report with its formats in report.py.
"""


import os
import sys
import tempfile
import traceback

from . import baseline, project, safeio
from .checking import check
from .cli import parse_args, say
from .project import CHECK
from .report import (JSON_FORMAT, Paths, UsageError, load_shards, render_diagnostic,
                     write_fixes, write_json, write_sarif)


def version_line(args):
    """reapcheck's version and the LLVM major of the plugin it runs (or
    would build): the installed one, the build directory's, or the
    default."""
    major = args.llvm_major
    if not major:
        major = project.installed_env().get('REAPCHECK_INSTALLED_MAJOR')
    if not major and os.environ.get('REAPCHECK_BUILD_DIR'):
        major = project.build_llvm_major(os.environ['REAPCHECK_BUILD_DIR'])
    major = major or os.environ.get('REAPCHECK_LLVM_MAJOR') or project.default_llvm_major()
    return 'reapcheck %s (%s) for LLVM %s' % (project.version(), CHECK, major)


def main(argv=None):
    try:
        return run(argv)
    except KeyboardInterrupt:
        say('interrupted')
        return 2
    except Exception:  # noqa: BLE001 - the last line of defence, said as such
        # A traceback is no message: keep it in a file and say where.
        fd, path = tempfile.mkstemp(prefix='reapcheck-internal-error-', suffix='.log')
        with os.fdopen(fd, 'w') as f:
            traceback.print_exc(file=f)
        say('internal error (%s); this is a bug of reapcheck, the traceback is in %s'
            % (traceback.format_exception_only(*sys.exc_info()[:2])[-1].strip(), path))
        return 2


def run(argv):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.version:
        print(version_line(args))
        return 0
    paths = Paths(os.getcwd())
    try:
        # A baseline that cannot be used fails before the long run.
        known = (baseline.load(args.baseline, JSON_FORMAT)
                 if args.baseline else None)
        report = load_shards(args.paths, paths) if args.merge else check(args, paths)
    except (UsageError, safeio.InputError, baseline.BaselineError) as e:
        say(str(e))
        return 2
    if report is None:  # --index-only
        return 0
    report.finish(args.exclude, paths)
    baseline.stamp(report, paths.absolute(args.sarif_root or paths.cwd), paths,
                   baseline.Sources())
    if known is not None:
        dropped, gone = baseline.apply(report, known, paths)
        report.baseline_note = (
            'baseline %s: %d known finding%s not reported, %d no longer found'
            % (paths.display(paths.absolute(args.baseline)), dropped,
               '' if dropped == 1 else 's', gone))

    print_report(args, report, paths)
    try:
        write_outputs(args, report, paths)
    except OSError as e:
        say('cannot write output: %s' % e)
        return 2
    say_outcome(report, paths)
    return report.exit_status()


def print_report(args, report, paths):
    """stdout: the diagnostics, then with --inventory every start site."""
    for d in report.sorted_diagnostics(paths):
        sys.stdout.write(render_diagnostic(d, paths))
    if args.inventory:
        for s in report.sorted_sites(paths):
            sys.stdout.write('%s:%d:%d\t%s\t%s\t%s\n' % (paths.display(s['file']), s['line'],
                                                        s['column'], s['verdict'], s['api'],
                                                        s['variable']))
    sys.stdout.flush()


def write_outputs(args, report, paths):
    """The files asked for: --export-fixes, --sarif, --json (OSError when
    one cannot be written)."""
    for out in (args.export_fixes, args.sarif, args.json):
        if out and os.path.dirname(out):
            os.makedirs(os.path.dirname(out), exist_ok=True)
    if args.export_fixes:
        write_fixes(report, args.export_fixes)
    if args.sarif:
        write_sarif(report, args.sarif, args.sarif_root or paths.cwd, paths)
    if args.json:
        write_json(report, args.json, args.shard, paths)


def say_outcome(report, paths):
    """stderr, last: configuration problems, failed units, the summary line."""
    for p in report.sorted_config():
        say('configuration %s: %s' % (p['level'], '\n'.join([p['message']] + p['snippet'])))
    for f, msg in sorted(report.failures.items()):
        say('clang-tidy failed on %s: %s' % (paths.display(f), msg))
    if report.config_errors() and not report.units:
        say('nothing checked: fix the configuration first')
    else:
        if report.baseline_note:
            say(report.baseline_note)
        say(report.summary_line())
