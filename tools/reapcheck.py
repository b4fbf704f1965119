#!/usr/bin/env python3
"""Driver behind tools/reapcheck: runs clang-tidy with the plugin, in parallel.

Prints diagnostics in clang's format and exits 1 when a child leaks, 2 when
clang-tidy itself failed on a file, 0 otherwise.
"""

import argparse
import concurrent.futures
import json
import os
import subprocess
import sys

SOURCE_EXTS = ('.c', '.cc', '.cpp', '.cxx', '.c++', '.m', '.mm')
CHECK = 'process-unreaped-child'


def parse_args():
    ap = argparse.ArgumentParser(prog='tools/reapcheck',
                                 description='Find child processes that are never reaped.')
    ap.add_argument('--llvm-major', default='19', help=argparse.SUPPRESS)
    ap.add_argument('--build-dir', required=True, help=argparse.SUPPRESS)
    ap.add_argument('-p', dest='database', metavar='BUILD_DIR',
                    help='directory holding compile_commands.json')
    ap.add_argument('-j', '--jobs', type=int, default=os.cpu_count() or 1)
    ap.add_argument('--config', help='clang-tidy --config value (check options)')
    ap.add_argument('paths', nargs='*', help='files or directories (default: examples/)')
    return ap.parse_args()


def collect(paths):
    files = []
    for path in paths:
        if os.path.isdir(path):
            for dirpath, dirnames, names in os.walk(path):
                dirnames.sort()
                for name in sorted(names):
                    if name.endswith(SOURCE_EXTS):
                        files.append(os.path.join(dirpath, name))
        elif os.path.exists(path):
            files.append(path)
        else:
            sys.exit('reapcheck: no such file or directory: %s' % path)
    return files


def main():
    args = parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    tidy = '/usr/lib/llvm-%s/bin/clang-tidy' % args.llvm_major
    plugin = os.path.join(args.build_dir, 'libreapcheck.so')
    base = [tidy, '--load=' + plugin, '-checks=-*,' + CHECK, '--quiet']
    if args.config:
        base.append('--config=' + args.config)

    if args.database:
        db_path = os.path.join(args.database, 'compile_commands.json')
        try:
            with open(db_path) as f:
                entries = json.load(f)
        except (OSError, ValueError) as e:
            sys.exit('reapcheck: cannot read %s: %s' % (db_path, e))
        files = sorted({os.path.normpath(os.path.join(e['directory'], e['file']))
                        for e in entries})
        if args.paths:
            wanted = [os.path.abspath(p) for p in args.paths]
            files = [f for f in files if any(f == w or f.startswith(w.rstrip('/') + '/')
                                             for w in wanted)]
        commands = [(f, base + ['-p', args.database, f]) for f in files]
    else:
        files = collect(args.paths or [os.path.join(root, 'examples')])
        commands = []
        for f in files:
            cxx = not f.endswith('.c')
            flags = ['-std=c++17'] if cxx else ['-std=gnu11']
            commands.append((f, base + [f, '--'] + flags))

    if not commands:
        sys.exit('reapcheck: no source files to check')

    def run(item):
        f, cmd = item
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              universal_newlines=True)
        return f, proc

    leaks = 0
    failures = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for f, proc in pool.map(run, commands):
            out = proc.stdout
            if out:
                sys.stdout.write(out)
            leaks += sum(1 for line in out.splitlines()
                         if ': warning: ' in line and line.endswith('[%s]' % CHECK))
            if proc.returncode != 0 or 'error:' in proc.stderr:
                failures += 1
                sys.stderr.write('reapcheck: clang-tidy failed on %s:\n%s' % (f, proc.stderr))
    sys.stdout.flush()
    print('reapcheck: %d file(s) checked, %d leaked child process(es)' % (len(commands), leaks),
          file=sys.stderr)
    if failures:
        return 2
    return 1 if leaks else 0


if __name__ == '__main__':
    sys.exit(main())
