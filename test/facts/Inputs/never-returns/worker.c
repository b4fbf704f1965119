// A worker: SIGCHLD at its default, then its work, then finish().
#include <signal.h>

void finish(void);

void worker_main(void) {
  signal(SIGCHLD, SIG_DFL);
  finish();
}
