// Puts the signals a worker must not inherit back to their defaults.
#include <signal.h>

void reset_signals(void) {
  signal(SIGCHLD, SIG_DFL);
  signal(SIGPIPE, SIG_DFL);
}
