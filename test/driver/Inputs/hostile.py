#!/usr/bin/env python3
"""Runs tools/reapcheck on every hostile input of issue 29, each in a fresh
copy of the mkproj.py project, and prints one line per input:

    NAME: exit STATUS[, traceback][, no message]    or    NAME: hung

usage: hostile.py BUILD_DIR LLVM_MAJOR WORKDIR

A run longer than 120 s is killed and called hung (a FIFO opened for
reading blocks for ever)."""

import glob
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
DEEP_LIST = '[' * 100000 + ']' * 100000
DEEP_OBJECT = '{"a":' * 100000 + '1' + '}' * 100000
FACTS = '{"format": "reapcheck-facts", "version": 1, "files": %s}'


def write(path, text):
    with open(path, 'w') as f:
        f.write(text)


def entry(**fields):
    e = {'directory': 'SRC', 'file': 'main.c', 'arguments': ['cc', '-c', 'main.c']}
    e.update(fields)
    return json.dumps([e]).replace('"SRC"', json.dumps(os.path.abspath('src')))


def database(text):
    return lambda: write('build/compile_commands.json', text)


def index_first(then):
    def make():
        run(['-p', 'build', '--index-only'])
        os.remove('build/reapcheck-facts.json')
        then()
    return make


def cache_entry_dir():
    f = sorted(glob.glob('build/.reapcheck-index/*.json'))[0]
    os.remove(f)
    os.mkdir(f)


def shard(text):
    def make():
        write('shard.json', text)
    return make


# (name, how to make the input, driver arguments)
CASES = [
    ('db-deep', database(DEEP_LIST), ['-p', 'build']),
    ('db-not-list', database('{}'), ['-p', 'build']),
    ('db-not-json', database('[1, 2'), ['-p', 'build']),
    ('db-arguments-number', lambda: database(entry(arguments=5))(), ['-p', 'build']),
    ('db-arguments-string', lambda: database(entry(arguments='cc -c main.c'))(),
     ['-p', 'build']),
    ('db-nul-in-file', lambda: database(entry(file='main\0.c'))(), ['-p', 'build']),
    ('db-missing-directory', lambda: database(entry(directory='/no/such'))(), ['-p', 'build']),
    ('db-fifo', lambda: (os.remove('build/compile_commands.json'),
                         os.mkfifo('build/compile_commands.json')), ['-p', 'build']),
    ('db-directory', lambda: (os.remove('build/compile_commands.json'),
                              os.mkdir('build/compile_commands.json')), ['-p', 'build']),
    ('db-device', lambda: (os.remove('build/compile_commands.json'),
                           os.symlink('/dev/zero', 'build/compile_commands.json')),
     ['-p', 'build']),
    ('source-fifo', lambda: os.mkfifo('src/fifo.c'), ['src/fifo.c']),
    ('facts-list', lambda: write('build/reapcheck-facts.json', '[]'), ['-p', 'build']),
    ('facts-files-list', lambda: write('build/reapcheck-facts.json', FACTS % '[]'),
     ['-p', 'build']),
    ('facts-files-string', lambda: write('build/reapcheck-facts.json', FACTS % '{"/x": "s"}'),
     ['-p', 'build']),
    ('facts-deep', lambda: write('build/reapcheck-facts.json', DEEP_OBJECT), ['-p', 'build']),
    ('facts-directory', lambda: os.mkdir('build/reapcheck-facts.json'), ['-p', 'build']),
    ('facts-symlink', lambda: os.symlink('elsewhere.json', 'build/reapcheck-facts.json'),
     ['-p', 'build']),
    ('facts-fifo', lambda: os.mkfifo('build/reapcheck-facts.json'), ['-p', 'build']),
    ('facts-missing-directory', lambda: None, ['-p', 'build', '--facts', 'no/such/f.json']),
    ('cache-is-file', lambda: write('build/.reapcheck-index', 'x'), ['-p', 'build']),
    ('cache-entry-directory', index_first(cache_entry_dir), ['-p', 'build']),
    ('shard-deep', shard(DEEP_LIST), ['--merge', 'shard.json']),
    ('shard-damaged', shard('{"format": "reapcheck-shard/1", "translation_units": 5}'),
     ['--merge', 'shard.json']),
    ('shard-fifo', lambda: os.mkfifo('shard.json'), ['--merge', 'shard.json']),
]


def run(args):
    env = dict(os.environ, REAPCHECK_BUILD_DIR=BUILD, REAPCHECK_LLVM_MAJOR=MAJOR)
    return subprocess.run([os.path.join(ROOT, 'tools', 'reapcheck')] + args, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True, errors='replace', timeout=120)


def main():
    for name, make, args in CASES:
        where = os.path.join(WORK, name)
        shutil.rmtree(where, ignore_errors=True)
        subprocess.check_call([sys.executable, os.path.join(HERE, 'mkproj.py'), where])
        os.chdir(where)
        make()
        try:
            proc = run(args)
        except subprocess.TimeoutExpired:
            print('%s: hung' % name)
            continue
        notes = ''
        if 'Traceback' in proc.stdout:
            notes += ', traceback'
        if not any(line.startswith('reapcheck: ') for line in proc.stdout.splitlines()):
            notes += ', no message'
        print('%s: exit %d%s' % (name, proc.returncode, notes))
        sys.stdout.flush()


if __name__ == '__main__':
    BUILD, MAJOR, WORK = sys.argv[1], sys.argv[2], os.path.abspath(sys.argv[3])
    main()
