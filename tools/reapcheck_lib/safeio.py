"""Reading the driver's inputs and writing its files without surprises.

Everything the driver reads (the compile database, the facts file, cache
entries, --merge inputs) goes through read_json(): the path must name a
regular file (a FIFO would block the driver for ever, a device could be
read without end), the file must fit a size limit, and JSON nested deeper
than Python's parser allows is an error like any other.  Every problem is an
InputError whose text names the file and what is wrong; the driver prints
it and exits 2.

Everything the driver writes over a path it does not own outright (the
facts file, cache entries, crash logs) goes through write_atomic(): the
text is written to a temporary file in the target's directory and renamed
over the target, and only a missing target or a regular file is replaced.
A symbolic link, a directory or a special file at the target is an error:
the driver never writes through a link nor replaces a device.  Between the
check and the rename another process could still put something there;
rename() then replaces that entry itself, never what it points to.
"""

import errno
import functools
import hashlib
import json
import os
import stat
import tempfile


@functools.lru_cache(maxsize=None)
def real_path(path):
    """os.path.realpath(), remembered for the rest of the run: every unit
    names the same few hundred headers, and resolving each of them again
    for each unit (an lstat per path component) cost the driver more CPU
    than the check's own matchers on OpenSSH.  A link changed while the
    driver runs is not seen; the headers' content still is (their stamps)."""
    return os.path.realpath(path)


@functools.lru_cache(maxsize=None)
def real_header(directory, name):
    """real_path() of a header as -H names it (relative ones from the
    unit's directory), remembered like it: every unit names the same."""
    return real_path(os.path.join(directory, name))


# Far beyond any real compile database (LLVM's own is about 10 MB), small
# enough that reading one cannot exhaust memory.
MAX_JSON_BYTES = 1 << 30


class InputError(Exception):
    """A file the driver reads or writes is unusable; the text says which
    and why."""


def kind(mode):
    """The name of a file type, for messages."""
    for test, name in ((stat.S_ISREG, 'a regular file'), (stat.S_ISDIR, 'a directory'),
                       (stat.S_ISFIFO, 'a FIFO'),
                       (stat.S_ISCHR, 'a character device'), (stat.S_ISBLK, 'a block device'),
                       (stat.S_ISSOCK, 'a socket'), (stat.S_ISLNK, 'a symbolic link')):
        if test(mode):
            return name
    return 'not a regular file'


def describe(value):
    """What a JSON value is, for messages."""
    if value is None:
        return 'null'
    return {dict: 'an object', list: 'a list', str: 'a string', bool: 'a boolean',
            int: 'a number', float: 'a number'}.get(type(value), type(value).__name__)


def show(path):
    """path as the driver prints paths: relative to the current directory
    when under it."""
    cwd = os.getcwd()
    if os.path.isabs(path) and path.startswith(cwd.rstrip('/') + '/'):
        return os.path.relpath(path, cwd)
    return path


def check_name(path, what):
    if '\0' in path:
        raise InputError('%s %r: the path contains a NUL byte' % (what, show(path)))


def regular_file(path, what):
    """os.stat(path) of a regular file (links followed), or InputError."""
    check_name(path, what)
    try:
        st = os.stat(path)
    except OSError as e:
        raise InputError('cannot read %s %s: %s' % (what, show(path), e.strerror))
    if not stat.S_ISREG(st.st_mode):
        raise InputError('cannot read %s %s: it is %s, not a regular file'
                         % (what, show(path), kind(st.st_mode)))
    return st


def read_bytes(path, what, limit=MAX_JSON_BYTES):
    """The content of a regular file of at most limit bytes."""
    regular_file(path, what)
    try:
        # O_NONBLOCK: should a FIFO replace the file after the stat above,
        # open() returns at once and fstat() below refuses it.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as e:
        raise InputError('cannot read %s %s: %s' % (what, show(path), e.strerror))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise InputError('cannot read %s %s: it is %s, not a regular file'
                             % (what, show(path), kind(st.st_mode)))
        if st.st_size > limit:
            raise InputError('cannot read %s %s: %d bytes, more than the limit of %d'
                             % (what, show(path), st.st_size, limit))
        chunks, size = [], 0
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            size += len(chunk)
            if size > limit:
                raise InputError('cannot read %s %s: more than the limit of %d bytes'
                                 % (what, show(path), limit))
            chunks.append(chunk)
        return b''.join(chunks)
    except OSError as e:
        raise InputError('cannot read %s %s: %s' % (what, show(path), e.strerror))
    finally:
        os.close(fd)


def parse_json(data, what, path):
    """JSON text (bytes or str) -> value, or InputError naming path."""
    try:
        return json.loads(data)
    except RecursionError:
        raise InputError('cannot read %s %s: JSON nested too deeply' % (what, show(path)))
    except (ValueError, MemoryError) as e:
        # UnicodeDecodeError and json.JSONDecodeError are ValueErrors.
        raise InputError('cannot read %s %s: not valid JSON (%s)' % (what, show(path), e))


def read_json(path, what, limit=MAX_JSON_BYTES):
    return parse_json(read_bytes(path, what, limit), what, path)


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, 'rb') as f:
        for chunk in iter(lambda: f.read(1 << 20), b''):
            h.update(chunk)
    return h.hexdigest()


def replaceable(path, what):
    """Raises InputError unless path is missing or a regular file that is
    not a symbolic link, in an existing directory."""
    check_name(path, what)
    parent = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(parent):
        raise InputError('cannot write %s %s: directory %s does not exist'
                         % (what, show(path), show(parent)))
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    except OSError as e:
        raise InputError('cannot write %s %s: %s' % (what, show(path), e.strerror))
    if not stat.S_ISREG(st.st_mode):
        raise InputError('will not write %s %s: it is %s; only a regular file is replaced'
                         % (what, show(path), kind(st.st_mode)))


def write_atomic(path, text, what):
    """Writes text to path through a temporary file in the same directory
    and a rename, after replaceable()."""
    replaceable(path, what)
    parent = os.path.dirname(os.path.abspath(path))
    try:
        fd, tmp = tempfile.mkstemp(dir=parent, prefix='.%s.' % os.path.basename(path),
                                   suffix='.tmp')
    except OSError as e:
        raise InputError('cannot write %s %s: %s' % (what, show(path), e.strerror))
    try:
        with os.fdopen(fd, 'w') as f:
            f.write(text)
        # mkstemp makes the file private; give it the mode open() would.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except OSError as e:
        try:
            os.remove(tmp)
        except OSError:
            pass
        raise InputError('cannot write %s %s: %s' % (what, show(path), e.strerror))


def ensure_directory(path, what):
    """Creates directory path (and its parents) unless it exists; anything
    else at that path is an InputError."""
    check_name(path, what)
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        st = None
    except OSError as e:
        raise InputError('cannot use %s %s: %s' % (what, show(path), e.strerror))
    if st is not None:
        if stat.S_ISDIR(st.st_mode):
            return
        if not (stat.S_ISLNK(st.st_mode) and os.path.isdir(path)):
            raise InputError('cannot use %s %s: it is %s, not a directory'
                             % (what, show(path), kind(st.st_mode)))
        return
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as e:
        if e.errno == errno.EEXIST:
            raise InputError('cannot use %s %s: it exists and is not a directory'
                             % (what, show(path)))
        raise InputError('cannot create %s %s: %s' % (what, show(path), e.strerror))
