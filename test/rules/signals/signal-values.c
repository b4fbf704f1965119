// The signal an install names need not be the constant SIGCHLD: a loop over
// every signal (`for (s = 1; s < NSIG; s++) signal(s, SIG_DFL)`), or over a
// table whose initialiser names SIGCHLD, resets it too; a loop whose range
// stops below it, or a table without it, does not.  sigset() (System V)
// installs as signal() does.  A reset made after the reaper's install
// uncovers the starts that follow it.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -D_GNU_SOURCE -DLOOP_ALL=1
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -D_GNU_SOURCE -DLOOP_ALL_LE=1
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -D_GNU_SOURCE -DTABLE=1
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -D_GNU_SOURCE -DSIGSET=1
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -D_GNU_SOURCE -DLOOP_LOW=1
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -D_GNU_SOURCE -DTABLE_OTHER=1
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -D_GNU_SOURCE -DSIGSET_OTHER=1
#include <signal.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static void on_chld(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

static void reset_defaults(void) {
#if LOOP_ALL
  for (int s = 1; s < NSIG; s++)
    signal(s, SIG_DFL);
#elif LOOP_ALL_LE
  int s;
  for (s = 1; s <= 31; s++)
    signal(s, SIG_DFL);
#elif LOOP_LOW
  for (int s = 1; s < SIGUSR2; s++)
    signal(s, SIG_DFL);
#elif TABLE || TABLE_OTHER
#if TABLE
  static const int sigs[] = {SIGINT, SIGTERM, SIGCHLD};
#else
  static const int sigs[] = {SIGINT, SIGTERM, SIGPIPE};
#endif
  for (unsigned i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
    signal(sigs[i], SIG_DFL);
#elif SIGSET
  sigset(SIGCHLD, SIG_DFL);
#else
  sigset(SIGPIPE, SIG_DFL);
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
  reset_defaults();
  for (;;) {
    spawn_children(3);
    pause();
  }
}
