// A SIGCHLD handler handed to a helper of the project in a signal mask
// (busybox's `bb_signals(1 << SIGCHLD, handler)`) or in a `struct
// sigaction` (`sigaction_set(SIGCHLD, &sa)`) reaps the children of the unit
// when it reaps any child; a mask without SIGCHLD installs nothing for it.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DMASK=1
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DSTRUCT=1
// RUN: %check_tidy --prefix CHECK-OTHER %s %t -- %tidy -- -std=gnu11 -DOTHER=1
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

void bb_signals(int sigs, void (*handler)(int));
int sigaction_set(int sig, const struct sigaction *act);

static void reap_child(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

void serve(int fd) {
  if (fork() == 0) { // no-warning with MASK or STRUCT: reap_child reaps any child
    // CHECK-OTHER: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    close(fd);
    _exit(0);
  }
}

int main(void) {
#if MASK
  bb_signals(0 + (1 << SIGPIPE) + (1 << SIGCHLD), reap_child);
#elif STRUCT
  struct sigaction sa;
  memset(&sa, 0, sizeof(sa));
  sa.sa_handler = reap_child;
  sigaction_set(SIGCHLD, &sa);
#else
  bb_signals((1 << SIGPIPE) | (1 << SIGHUP), reap_child);
#endif
  serve(3);
  return 0;
}
