// A handler that only sets a flag reaps nothing: installing it for SIGCHLD
// undoes main's reaper for what the worker starts after it.  A handler that
// calls a function of the project whose body is in another file (reap_all)
// may reap through it: its install is no reset, and the worker's children
// stay the program's reaper's (with project facts, the merge knows).
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DFLAG=1
// RUN: %check_tidy --prefix CHECK-UNSEEN %s %t -- %tidy -- -std=gnu11
#include <signal.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int reap_all(void);
static volatile sig_atomic_t got_sigchld;

static void reap_children(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

static void on_chld(int sig) {
  (void)sig;
#if FLAG
  got_sigchld = 1;
#else
  reap_all();
#endif
}

void worker(void) {
  signal(SIGCHLD, on_chld);
  if (fork() == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    _exit(0);
}

int main(void) {
  signal(SIGCHLD, reap_children);
  for (;;) {
    if (fork() == 0) { // no-warning: the worker child
      worker();
      _exit(0);
    }
    pause();
  }
}
