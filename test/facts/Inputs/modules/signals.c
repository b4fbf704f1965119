// zsh's install_handler(int sig): installs zhandler for the signal its
// parameter names (cast to the handler type, as zsh does); zhandler reaps
// any child on SIGCHLD.
#include <signal.h>
#include <stddef.h>
#include <sys/wait.h>

static void wait_for_processes(void) {
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

static void zhandler(int sig) {
  if (sig == SIGCHLD)
    wait_for_processes();
}

void install_handler(int sig) {
  struct sigaction act;
  act.sa_handler = (void (*)(int))zhandler;
  sigemptyset(&act.sa_mask);
  act.sa_flags = 0;
  sigaction(sig, &act, NULL);
}

void ignore_signal(int sig) { signal(sig, SIG_IGN); }
