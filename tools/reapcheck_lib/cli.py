"""The command line of tools/reapcheck: its options, the checks on how
they combine (a wrong combination is a usage error, exit status 2), and
say(), the one way the driver speaks on stderr."""

import argparse
import re
import sys

from .project import CHECK, MODULE_CHECKS


def _parser():
    ap = argparse.ArgumentParser(
        prog='tools/reapcheck',
        description='Find child processes (fork, popen, posix_spawn...) that are '
                    'started but never reaped. Exit status: 0 clean, 1 findings, '
                    '2 tool failure.')
    ap.add_argument('--llvm-major', default=None, help=argparse.SUPPRESS)
    ap.add_argument('--build-dir', help=argparse.SUPPRESS)
    ap.add_argument('--plugin', help=argparse.SUPPRESS)
    ap.add_argument('--clang-tidy', dest='clang_tidy', help=argparse.SUPPRESS)
    ap.add_argument('--version', action='store_true',
                    help="print reapcheck's version and the LLVM major it is built for")
    ap.add_argument('paths', nargs='*', metavar='PATH',
                    help='files or directories to check (default: examples/); with -p '
                         'they restrict the compile database; with --merge, the JSON '
                         'files to merge')
    ap.add_argument('-p', dest='database', metavar='BUILD_DIR',
                    help='directory holding compile_commands.json (or the file itself); '
                         'named files missing from it are checked with the flags of the '
                         'nearest file it lists, headers through a file that includes them')
    ap.add_argument('--exclude', action='append', default=[], metavar='GLOB',
                    help='skip sources whose path (relative to the current directory, '
                         'absolute, or base name) matches GLOB, and drop findings and '
                         'start sites located in such files; repeatable')
    ap.add_argument('-j', '--jobs', type=int, default=None,
                    help='parallel clang-tidy processes (default: all cores)')
    ap.add_argument('--config', help='clang-tidy --config value (check options)')
    ap.add_argument('--checks', default=CHECK, metavar='LIST',
                    help='comma-separated checks of the module to run, or "all" '
                         '(default: %s; also: %s)' % (CHECK, ', '.join(MODULE_CHECKS[1:])))
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
    ap.add_argument('--facts', metavar='FILE',
                    help='with -p: the project facts file (what other files start, '
                         'reap and hand off); written by an index pass over the whole '
                         'database, reused while no indexed file changed (default: '
                         'BUILD_DIR/reapcheck-facts.json)')
    ap.add_argument('--no-facts', dest='no_facts', action='store_true',
                    help='judge each file alone, without the index pass')
    ap.add_argument('--index-only', dest='index_only', action='store_true',
                    help='with -p: write the facts file and stop (stage 1 of sharded CI)')
    ap.add_argument('--baseline', metavar='FILE',
                    help='a --sarif or --json output of an earlier run: report, count '
                         'and fail on only the findings it does not have (matched by '
                         'fingerprints that survive line shifts)')
    ap.add_argument('--merge', action='store_true',
                    help='merge the --json outputs of shards given as PATHs into one report')
    return ap


def _checks(ap, value):
    """The checks --checks names, in the module's order."""
    names = [n.strip() for n in value.split(',') if n.strip()]
    if names == ['all']:
        return list(MODULE_CHECKS)
    unknown = [n for n in names if n not in MODULE_CHECKS]
    if unknown or not names:
        ap.error('--checks: unknown check %r; choose from %s, or all'
                 % (unknown[0] if unknown else value, ', '.join(MODULE_CHECKS)))
    return [c for c in MODULE_CHECKS if c in names]


def parse_args(argv):
    ap = _parser()
    args = ap.parse_args(argv)
    args.checks = _checks(ap, args.checks)
    if args.jobs is not None and args.jobs < 1:
        ap.error('--jobs must be at least 1')
    if args.shard is not None:
        m = re.match(r'^(\d+)/(\d+)$', args.shard)
        if not m or not 1 <= int(m.group(1)) <= int(m.group(2)):
            ap.error('--shard wants K/N with 1 <= K <= N, got %r' % args.shard)
        args.shard = (int(m.group(1)), int(m.group(2)))
    if args.baseline and args.index_only:
        ap.error('--baseline has nothing to compare with --index-only')
    if (args.facts or args.index_only) and not args.database:
        ap.error('--facts and --index-only need -p BUILD_DIR')
    if args.index_only and args.no_facts:
        ap.error('--index-only and --no-facts contradict each other')
    if args.merge:
        if not args.paths:
            ap.error('--merge needs the JSON files to merge')
        if args.database or args.shard:
            ap.error('--merge cannot be combined with -p or --shard')
    return args


def say(msg):
    sys.stderr.write('reapcheck: %s\n' % msg)
