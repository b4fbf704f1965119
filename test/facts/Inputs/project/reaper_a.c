// Program A's SIGCHLD handler: reaps any child.
#include <signal.h>
#include <stddef.h>
#include <sys/wait.h>

static void on_sigchld(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

void install_reaper(void) { signal(SIGCHLD, on_sigchld); }
