/* The worker's own SIGCHLD handler, which reaps any child. */
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/wait.h>

static void worker_chld(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0)
    ;
}

void worker_install_reaper(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = worker_chld;
  sigaction(SIGCHLD, &sa, NULL);
}
