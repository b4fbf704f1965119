"""Running clang-tidy on one unit, and telling a unit it judged from one it
skipped or died on.

clang-tidy exits 0 after "Skipping FILE. Compile command not found." (the
compile database has no command for the path it was given): nothing was
checked, and the exit status does not say so.  A crash (an abort, a
signal, LLVM's "Stack dump:") prints pages the user cannot act on; it is
told in one line naming the unit and the cause, with the whole output kept
in a log file whose path the line gives.
"""

import hashlib
import os
import re
import signal
import subprocess
import tempfile
import threading

from . import safeio

SKIP_RE = re.compile(r'^Skipping (?P<file>.+)\. Compile command not found\.$', re.M)
_CRASH_MARKS = ('\nStack dump:', 'PLEASE submit a bug report')
_CAUSE_RE = re.compile(r'^(LLVM ERROR: .*|.*Assertion .* failed.*)$', re.M)


def run(cmd, env, cwd):
    """The finished process (stdout and stderr as text); OSError when it
    cannot be started.  The output goes to unnamed temporary files, read
    once the process ends: the index pass's -H lists run to thousands of
    lines per unit, and pumping them through pipes cost the driver a poll()
    per few kilobytes."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        if os.path.abspath(cwd) == os.getcwd():
            returncode = _spawn(cmd, env, out, err)
        else:
            returncode = subprocess.run(cmd, stdout=out, stderr=err, env=env,
                                        cwd=cwd).returncode
        return subprocess.CompletedProcess(cmd, returncode, *_texts(out, err))


def _spawn(cmd, env, out, err):
    """Runs cmd in the driver's own directory with posix_spawn (a vfork
    and exec in the C library), its output to out and err; its exit
    status as subprocess gives it.  Some Python builds fork() the driver
    for subprocess, copying its page tables for every unit and making the
    child fault on them until exec; the driver's own files are not
    inherited (Python opens them close-on-exec), and the signals Python
    ignores are put back to their defaults, as subprocess does."""
    pid = os.posix_spawnp(cmd[0], cmd, env, file_actions=[
        (os.POSIX_SPAWN_DUP2, out.fileno(), 1), (os.POSIX_SPAWN_DUP2, err.fileno(), 2)],
        setsigdef=(signal.SIGPIPE, signal.SIGXFSZ))
    return _wait(pid)


# The descriptor the plugin says "parked" on (REAPCHECK_PARK).
_PARK_FD = 3


class Parked:
    """A clang-tidy index run that kept its unit's AST and waits, on its
    standard input, for the facts to judge the unit with (the check's
    parkForFacts()).  resume() gives it them and returns the finished
    process, as run() does; abort() lets it end unjudged."""

    def __init__(self, cmd, wait, stdin, out, err, resident):
        self.cmd, self._wait, self._stdin, self._out, self._err = cmd, wait, stdin, out, err
        self.resident = resident  # bytes

    def resume(self, facts_path):
        try:
            os.write(self._stdin, (facts_path + '\n').encode())
        except OSError:
            pass  # It is gone: its exit status says how.
        return self._finish()

    def abort(self):
        self._finish()

    def _finish(self):
        if self._stdin is not None:
            os.close(self._stdin)
            self._stdin = None
        returncode = self._wait()
        return subprocess.CompletedProcess(self.cmd, returncode,
                                           *_texts(self._out, self._err))


def run_parkable(cmd, env, cwd):
    """run(), for an index run that may park (REAPCHECK_PARK): the finished
    process, or a Parked one.  Its standard input is a pipe the driver
    writes the facts' path to; it tells that it parked on the descriptor REAPCHECK_PARK names."""
    park_r, park_w = os.pipe()
    in_r, in_w = os.pipe()
    out, err = tempfile.TemporaryFile(), tempfile.TemporaryFile()
    try:
        # The write end reaches this child alone: dup2'd in the spawn, or
        # passed by subprocess (every other descriptor is close-on-exec).
        if os.path.abspath(cwd) == os.getcwd():
            env = dict(env, REAPCHECK_PARK=str(_PARK_FD))
            # In this order: any of the sources may be descriptor 3 in the
            # driver, so 3 is written over last.
            pid = os.posix_spawnp(cmd[0], cmd, env, file_actions=[
                (os.POSIX_SPAWN_DUP2, in_r, 0), (os.POSIX_SPAWN_DUP2, out.fileno(), 1),
                (os.POSIX_SPAWN_DUP2, err.fileno(), 2),
                (os.POSIX_SPAWN_DUP2, park_w, _PARK_FD)],
                setsigdef=(signal.SIGPIPE, signal.SIGXFSZ))
            wait = lambda: _wait(pid)  # noqa: E731
        else:
            env = dict(env, REAPCHECK_PARK=str(park_w))
            wait = subprocess.Popen(cmd, stdin=in_r, stdout=out, stderr=err, env=env,
                                    cwd=cwd, pass_fds=(park_w,)).wait
    except BaseException:
        for fd in (park_r, park_w, in_r, in_w):
            os.close(fd)
        out.close()
        err.close()
        raise
    os.close(park_w)
    os.close(in_r)
    said = b''
    while b'\n' not in said:  # "parked KIB\n", or nothing at its exit
        try:
            chunk = os.read(park_r, 64)
        except InterruptedError:
            continue
        if not chunk:
            break
        said += chunk
    os.close(park_r)
    words = said.decode(errors='replace').split()
    if len(words) == 2 and words[0] == 'parked' and words[1].isdigit():
        return Parked(cmd, wait, in_w, out, err, int(words[1]) * 1024)
    os.close(in_w)
    returncode = wait()
    return subprocess.CompletedProcess(cmd, returncode, *_texts(out, err))


def _wait(pid):
    while True:
        try:
            _, status = os.waitpid(pid, 0)
            return os.waitstatus_to_exitcode(status)
        except InterruptedError:
            continue


def _texts(*files):
    """The text of each output file, closed, as text mode reads it: \r\n
    and \r end a line too."""
    texts = []
    for f in files:
        with f:
            f.seek(0)
            texts.append(f.read().decode(errors='replace').replace('\r\n', '\n')
                         .replace('\r', '\n'))
    return texts


def signal_name(returncode):
    try:
        return signal.Signals(-returncode).name
    except ValueError:
        return 'signal %d' % -returncode


class Logs:
    """Where crash logs go: DIR/.reapcheck-logs next to the compile
    database, or a new directory under $TMPDIR (without a database, or
    when that one cannot be written)."""

    def __init__(self, base=None):
        self.base = base
        self.directory = None
        self.lock = threading.Lock()

    def _dir(self):
        with self.lock:
            if self.directory is None:
                if self.base:
                    try:
                        path = os.path.join(self.base, '.reapcheck-logs')
                        safeio.ensure_directory(path, 'log directory')
                        self.directory = path
                    except safeio.InputError:
                        pass
                if self.directory is None:
                    self.directory = tempfile.mkdtemp(prefix='reapcheck-logs-')
            return self.directory

    def keep(self, unit_path, pass_name, cmd, proc):
        """Writes the command and everything it printed; returns the path."""
        tag = hashlib.sha256(unit_path.encode()).hexdigest()[:8]
        path = os.path.join(self._dir(), '%s-%s.%s.log' % (os.path.basename(unit_path), tag,
                                                          pass_name))
        text = 'command: %s\nexit status: %d\n--- stdout\n%s--- stderr\n%s' % (
            ' '.join(cmd), proc.returncode, proc.stdout, proc.stderr)
        safeio.write_atomic(path, text, 'log file')
        return path


def crashed(proc):
    return proc.returncode < 0 or any(m in proc.stderr for m in _CRASH_MARKS)


def problem(proc, unit_path, cmd, pass_name, logs, display):
    """One line saying why clang-tidy did not judge the unit (it skipped
    it, or crashed), or None.  pass_name: 'index' or 'check'."""
    undone = 'not indexed' if pass_name == 'index' else 'not checked'
    if SKIP_RE.search(proc.stderr):
        return 'it found no compile command for the file in the database; %s' % undone
    if not crashed(proc):
        return None
    m = _CAUSE_RE.search(proc.stderr)
    cause = [m.group(1).strip()] if m else []
    if proc.returncode < 0:
        cause.append(signal_name(proc.returncode))
    else:
        cause.append('exit status %d' % proc.returncode)
    try:
        where = 'full output in %s' % display(logs.keep(unit_path, pass_name, cmd, proc))
    except safeio.InputError as e:
        where = 'its output could not be kept: %s' % e
    return 'it crashed (%s); %s; %s' % (', '.join(cause), undone, where)
