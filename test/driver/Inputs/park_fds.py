#!/usr/bin/env python3
"""Runs one index run that parks (tidyrun.run_parkable) while the driver's
descriptor 3, the one a parked run is told to say "parked" on, is the
index run's own stdout file: the spawn must set up the run's stdout before
it puts the park pipe on 3.  Resumes it with FACTS and prints what the run
printed on stdout.

usage: park_fds.py TOOLS_DIR FACTS CLANG_TIDY ARG..."""

import os
import sys
import tempfile

sys.path.insert(0, sys.argv[1])
from reapcheck_lib import tidyrun  # noqa: E402

facts, cmd = sys.argv[2], sys.argv[3:]
# Descriptors 3 to 6 held, so that the run's pipes get others; the first
# file it opens after them (its stdout) then gets 3.
held = [os.open(os.devnull, os.O_RDONLY) for _ in range(4)]
if held[0] != 3:
    sys.exit('descriptor 3 was not free: %s' % held)
real = tempfile.TemporaryFile


def first_on_3():
    tidyrun.tempfile.TemporaryFile = real
    os.close(3)
    f = real()
    assert f.fileno() == 3, f.fileno()
    return f


tidyrun.tempfile.TemporaryFile = first_on_3
env = dict(os.environ, REAPCHECK_INDEX=os.path.abspath('index.jsonl'))
run = tidyrun.run_parkable(cmd, env, os.getcwd())
if not isinstance(run, tidyrun.Parked):
    sys.exit('the run did not park (exit status %d)' % run.returncode)
done = run.resume(facts)
sys.stdout.write(done.stdout)
print('exit status: %d' % done.returncode)
