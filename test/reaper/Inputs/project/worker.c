// Restores SIGCHLD's default before its job waits: no conflict there.
#include <signal.h>

void wait_job(void);

void worker(void) {
  signal(SIGCHLD, SIG_DFL);
  wait_job();
}
