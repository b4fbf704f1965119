// One step of a worker: SIGCHLD at its default, then back to the caller.
#include <signal.h>

void worker_step(void) {
  signal(SIGCHLD, SIG_DFL);
}
