// A SIGCHLD handler reaps every child only when it loops until none is
// left: signals that arrive together are delivered once, so a handler that
// reaps one child a run leaves the others zombies (wait(NULL) or a single
// waitpid(-1, ...)).  Such a handler covers no start.  One that loops
// (`while (waitpid(-1, ...) > 0)`, a `for (;;)` that breaks when none is
// left, or a helper that loops) covers them all.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DONCE=1
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DONCE_WAITPID=1
// RUN: %check_tidy --prefix CHECK-LOOP %s %t -- %tidy -- -std=gnu11 -DWHILE=1
// RUN: %check_tidy --prefix CHECK-LOOP %s %t -- %tidy -- -std=gnu11 -DFOR=1
// RUN: %check_tidy --prefix CHECK-LOOP %s %t -- %tidy -- -std=gnu11 -DHELPER=1
#include <signal.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static void reap_all(void) {
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

static void on_chld(int sig) {
  (void)sig;
#if ONCE
  wait(NULL);
#elif ONCE_WAITPID
  waitpid(-1, NULL, WNOHANG);
#elif WHILE
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
#elif FOR
  for (;;)
    if (waitpid(-1, NULL, WNOHANG) <= 0)
      break;
#else
  reap_all();
#endif
}

void spawn_children(int n) {
  for (int i = 0; i < n; i++)
    if (fork() == 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
      _exit(0);
}

int main(void) {
  signal(SIGCHLD, on_chld);
  for (;;) {
    spawn_children(3);
    pause();
  }
}
