#include <signal.h>

static const int worker_sigs[] = {SIGHUP, SIGCHLD, SIGPIPE};

void worker_init(void) {
  for (unsigned i = 0; i < sizeof worker_sigs / sizeof worker_sigs[0]; i++)
    signal(worker_sigs[i], SIG_DFL);
}
