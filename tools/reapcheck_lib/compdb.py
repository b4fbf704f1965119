"""The compile-database reader, and compiler flags borrowed from it for
files the database does not list (a new source, a header)."""

import json
import os
import shlex

SOURCE_EXTS = ('.c', '.cc', '.cpp', '.cxx', '.c++', '.C', '.m', '.mm')
HEADER_EXTS = ('.h', '.hh', '.hpp', '.hxx', '.h++', '.H', '.inc', '.ipp', '.tcc')
CXX_EXTS = ('.cc', '.cpp', '.cxx', '.c++', '.C', '.mm', '.hh', '.hpp', '.hxx', '.h++',
            '.H', '.ipp', '.tcc')

# Arguments that name outputs or the input: never borrowed.  The value
# follows the first group as the next argument.
_WITH_VALUE = ('-o', '-MF', '-MT', '-MQ')
_ALONE = ('-c', '-MD', '-MMD', '-MP', '-M', '-MM')


class DatabaseError(Exception):
    pass


class Entry:
    """One command of the database: the absolute, normalised source path,
    the directory relative paths are resolved against, and the arguments
    (compiler first)."""

    def __init__(self, file, directory, arguments):
        self.file = file
        self.directory = directory
        self.arguments = arguments

    def is_cxx(self):
        return is_cxx(self.file, self.arguments)


def is_source(path):
    return path.endswith(SOURCE_EXTS)


def is_header(path):
    return path.endswith(HEADER_EXTS)


def is_cxx(path, arguments=()):
    compiler = os.path.basename(arguments[0]) if arguments else ''
    return path.endswith(CXX_EXTS) or '++' in compiler


def database_file(path):
    """clang-tidy's -p wants the build directory; the file itself is
    accepted too."""
    if os.path.basename(path) == 'compile_commands.json':
        return path
    return os.path.join(path, 'compile_commands.json')


def read(path, cwd=None):
    """Entries of a compile_commands.json (or of the one in directory path),
    the first entry of each file only, in database order."""
    db_file = database_file(path)
    cwd = cwd or os.getcwd()
    try:
        with open(db_file) as f:
            raw = json.load(f)
        if not isinstance(raw, list):
            raise ValueError('not a JSON list')
    except (OSError, ValueError) as e:
        raise DatabaseError('cannot read compile database %s: %s' % (db_file, e))
    entries = []
    seen = set()
    for e in raw:
        try:
            directory = os.path.normpath(os.path.join(cwd, e['directory']))
            file = os.path.normpath(os.path.join(directory, e['file']))
            arguments = e.get('arguments') or shlex.split(e['command'])
        except (KeyError, TypeError, AttributeError, ValueError):
            raise DatabaseError('malformed entry in %s: %r' % (db_file, e))
        if file in seen:
            continue
        seen.add(file)
        entries.append(Entry(file, directory, list(arguments)))
    return entries


def flags(entry):
    """The entry's compiler flags without the compiler, the input and the
    output options: what another file can be compiled with."""
    out = []
    skip = False
    for a in entry.arguments[1:]:
        if skip:
            skip = False
            continue
        if a in _WITH_VALUE:
            skip = True
            continue
        if a in _ALONE or a.startswith(('-MF', '-MT', '-MQ')) or \
                (a.startswith('-o') and len(a) > 2):
            continue
        if os.path.normpath(os.path.join(entry.directory, a)) == entry.file:
            continue
        out.append(a)
    return out


def _distance(a, b):
    """Directory steps between the directories of two files."""
    da, db = os.path.dirname(a).split('/'), os.path.dirname(b).split('/')
    common = 0
    for x, y in zip(da, db):
        if x != y:
            break
        common += 1
    return (len(da) - common) + (len(db) - common)


def neighbours(entries, path):
    """Entries ordered by how well their flags fit path: same language
    first, then the same directory, then the nearest, ties by path."""
    cxx = is_cxx(path)
    return sorted(entries, key=lambda e: (e.is_cxx() != cxx, _distance(e.file, path), e.file))
