"""Runs a command and prints how it ended ("exit: N" or "signal: N") on
stdout, then exits 0, so that a lit RUN line can check an exact status."""
import subprocess
import sys

sys.stdout.flush()
Result = subprocess.run(sys.argv[1:])
sys.stdout.flush()
if Result.returncode < 0:
    print('signal: %d' % -Result.returncode)
else:
    print('exit: %d' % Result.returncode)
