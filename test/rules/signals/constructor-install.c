// A constructor function (`__attribute__((constructor))`) runs before main:
// an ignore or a reaper it installs holds when main starts, so main is not
// entered with SIGCHLD at its default.  A constructor that installs a
// handler reaping nothing, or none at all, leaves main as it was: what main
// starts before its own install is reported.
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -DIGNORE=1
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -DREAPER=1
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DNOTE=1
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DPLAIN_FUNCTION=1
#include <signal.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t exited;

static void on_chld(int sig) {
  (void)sig;
#if REAPER
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
#else
  exited = 1;
#endif
}

#if PLAIN_FUNCTION
void early_init(void) {
#else
__attribute__((constructor)) static void early_init(void) {
#endif
#if IGNORE || PLAIN_FUNCTION
  signal(SIGCHLD, SIG_IGN);
#else
  signal(SIGCHLD, on_chld);
#endif
}

static void run_jobs(int n) {
  for (int i = 0; i < n; i++)
    if (fork() == 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
      _exit(0);
}

int main(void) {
  run_jobs(3);
  pause();
#if PLAIN_FUNCTION
  early_init();
#endif
  return 0;
}
