// Ends the critical section: SIGCHLD is delivered again.
#include <signal.h>
#include <stddef.h>

void leave_critical(void) {
  sigset_t m;
  sigemptyset(&m);
  sigaddset(&m, SIGCHLD);
  sigprocmask(SIG_UNBLOCK, &m, NULL);
}
