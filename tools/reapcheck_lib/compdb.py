"""The compile-database reader, and compiler flags borrowed from it for
files the database does not list (a new source, a header)."""

import os
import re
import shlex

from . import safeio

SOURCE_EXTS = ('.c', '.cc', '.cpp', '.cxx', '.c++', '.C', '.m', '.mm')
HEADER_EXTS = ('.h', '.hh', '.hpp', '.hxx', '.h++', '.H', '.inc', '.ipp', '.tcc')
CXX_EXTS = ('.cc', '.cpp', '.cxx', '.c++', '.C', '.mm', '.hh', '.hpp', '.hxx', '.h++',
            '.H', '.ipp', '.tcc')

# Arguments that name outputs or the input: never borrowed.  The value
# follows the first group as the next argument.
_WITH_VALUE = ('-o', '-MF', '-MT', '-MQ')
_ALONE = ('-c', '-MD', '-MMD', '-MP', '-M', '-MM')


class DatabaseError(safeio.InputError):
    pass


class Entry:
    """One command of the database: the absolute, normalised source path,
    the directory relative paths are resolved against (absolute), and the
    arguments (compiler first).  raw is the entry as the database has it,
    with the directory made absolute (what clang-tidy is given when the
    database's own directory is relative)."""

    def __init__(self, file, directory, arguments, raw=None, relative_directory=False):
        self.file = file
        self.directory = directory
        self.arguments = arguments
        self.raw = raw
        self.relative_directory = relative_directory

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


def _string(e, key, problems):
    value = e.get(key)
    if key not in e:
        problems.append("no '%s'" % key)
        return None
    if not isinstance(value, str):
        problems.append("'%s' is %s, not a string" % (key, _what(value)))
        return None
    if not value:
        problems.append("'%s' is empty" % key)
        return None
    if '\0' in value:
        problems.append("'%s' contains a NUL byte" % key)
        return None
    return value


# What shlex.split() treats specially in a command, and what it splits at.
_QUOTING = re.compile(r'[\'"\\]')
_BLANKS = re.compile(r'[ \t\r\n]+')


def _what(value):
    return safeio.describe(value)


def _arguments(e, problems):
    """The entry's arguments: its 'arguments' list, else its 'command'
    split as a shell would."""
    if 'arguments' in e:
        args = e['arguments']
        if not isinstance(args, list) or not args or \
                not all(isinstance(a, str) for a in args):
            problems.append("'arguments' is an empty list" if args == [] else
                            "'arguments' has an item that is not a string"
                            if isinstance(args, list) else
                            "'arguments' is %s, not a list of strings" % _what(args))
            return None
        if any('\0' in a for a in args):
            problems.append("'arguments' contains a NUL byte")
            return None
        return list(args)
    command = _string(e, 'command', problems) if 'command' in e else None
    if command is None:
        if 'command' not in e:
            problems.append("neither 'arguments' nor 'command'")
        return None
    try:
        # Without quotes or backslashes the shell splits at blanks only
        # (shlex is slow: a database of thousands of entries).
        args = _BLANKS.split(command.strip(' \t\r\n')) if not _QUOTING.search(command) \
            else shlex.split(command)
        args = [a for a in args if a]
    except ValueError as err:
        problems.append("'command' cannot be split into arguments (%s)" % err)
        return None
    if not args:
        problems.append("'command' is blank")
        return None
    return args


def read(path):
    """Entries of a compile_commands.json (or of the one in directory path),
    the first entry of each file only, in database order.  Any problem is a
    DatabaseError naming the database and the entry (counted from 1).

    A relative 'directory' is resolved against the directory holding the
    database, links followed (what LLVM's JSONCompilationDatabase does from
    LLVM 23 on; earlier clang-tidy leave it relative and then find no
    command for the file)."""
    db_file = database_file(path)
    try:
        raw = safeio.read_json(db_file, 'compile database')
    except safeio.InputError as e:
        raise DatabaseError(str(e))
    if not isinstance(raw, list):
        raise DatabaseError('cannot read compile database %s: it is %s, not a JSON list'
                            % (db_file, _what(raw)))
    base = os.path.dirname(os.path.realpath(db_file))
    entries = []
    seen = {}
    for index, e in enumerate(raw, 1):
        problems = []
        if not isinstance(e, dict):
            problems.append('it is %s, not an object' % _what(e))
        else:
            directory = _string(e, 'directory', problems)
            file = _string(e, 'file', problems)
            arguments = _arguments(e, problems)
        if problems:
            name = e.get('file') if isinstance(e, dict) else None
            raise DatabaseError('compile database %s: entry %d%s: %s'
                                % (db_file, index,
                                   ' (%s)' % name if isinstance(name, str) and name and
                                   '\0' not in name else '', '; '.join(problems)))
        relative = not os.path.isabs(directory)
        directory = os.path.normpath(os.path.join(base, directory))
        file = os.path.normpath(os.path.join(directory, file))
        if file in seen:
            seen[file].commands += 1
            continue
        entry = Entry(file, directory, arguments, dict(e, directory=directory), relative)
        entry.index = index
        # clang-tidy runs every command of the file, one unit after another.
        entry.commands = 1
        seen[file] = entry
        entries.append(entry)
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
