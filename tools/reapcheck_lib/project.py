"""Facts about this reapcheck: its files, version, default LLVM major and the
default corpus directory.  Shell scripts ask through the command line:

    PYTHONPATH=tools python3 -m reapcheck_lib.project default-llvm-major|version|corpus-dir
"""

import os
import re
import sys

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(TOOLS)
CHECK = 'process-unreaped-child'
# Every check of the module, the default one first; `--checks` picks some.
MODULE_CHECKS = (CHECK, 'process-orphaned-descendants', 'process-reaper-conflict')


def installed_env():
    """KEY=VALUE lines that cmake --install writes next to an installed
    driver; empty in a source tree."""
    values = {}
    path = os.path.join(TOOLS, 'installed.env')
    if not os.path.isfile(path):
        return values
    with open(path) as f:
        for line in f:
            key, sep, value = line.strip().partition('=')
            if sep and not key.startswith('#'):
                values[key] = value
    return values


def default_llvm_major():
    """The one default: tools/DEFAULT_LLVM_MAJOR, which CMakeLists.txt,
    tools/lib.sh, test/lit.cfg.py and this package read."""
    with open(os.path.join(TOOLS, 'DEFAULT_LLVM_MAJOR')) as f:
        return f.read().strip()


def version():
    """project(reapcheck VERSION x.y.z) of CMakeLists.txt, or what cmake
    --install recorded from it."""
    cmakelists = os.path.join(ROOT, 'CMakeLists.txt')
    if os.path.isfile(cmakelists):
        with open(cmakelists) as f:
            m = re.search(r'^project\(reapcheck\s+VERSION\s+([0-9][0-9.]*)', f.read(), re.M)
        if m:
            return m.group(1)
    return installed_env().get('REAPCHECK_INSTALLED_VERSION', 'unknown')


def build_llvm_major(build_dir):
    """The LLVM major a build directory was configured for, or None."""
    try:
        with open(os.path.join(build_dir, 'CMakeCache.txt'), errors='replace') as f:
            for line in f:
                m = re.match(r'^REAPCHECK_LLVM_MAJOR:\w+=(\d+)$', line.strip())
                if m:
                    return m.group(1)
    except OSError:
        pass
    return None


def corpus_dir(environ=None):
    """Where tools/corpus/build.sh puts the real-world projects:
    $REAPCHECK_CORPUS, else $XDG_CACHE_HOME/reapcheck/corpus (~/.cache when
    unset): outside the repository, writable on any machine."""
    env = os.environ if environ is None else environ
    if env.get('REAPCHECK_CORPUS'):
        return os.path.abspath(env['REAPCHECK_CORPUS'])
    cache = env.get('XDG_CACHE_HOME') or os.path.join(os.path.expanduser('~'), '.cache')
    return os.path.join(cache, 'reapcheck', 'corpus')


def main(argv):
    facts = {'default-llvm-major': default_llvm_major, 'version': version,
             'corpus-dir': corpus_dir}
    if len(argv) != 1 or argv[0] not in facts:
        sys.stderr.write('usage: python3 -m reapcheck_lib.project %s\n' % '|'.join(facts))
        return 2
    print(facts[argv[0]]())
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
