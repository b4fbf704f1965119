// An ignore or a reaper that its function undoes on every path before
// returning (SIG_DFL, or the saved disposition put back) covers only the
// calls made while it holds, not the unit: spawn() runs after
// run_detached() returned, and its children stay zombies.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DHANDLER=1
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DTO_DEFAULT=1
// Left in force, it covers every start of the unit: no warning.
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -DKEEP=1
#include <signal.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static void reap_all(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

static void notify(void) {
  if (fork() == 0) // no-warning: called while the ignore or reaper holds
    _exit(0);
}

void run_detached(void) {
#if HANDLER
  void (*old)(int) = signal(SIGCHLD, reap_all);
#else
  void (*old)(int) = signal(SIGCHLD, SIG_IGN);
#endif
  notify();
#if TO_DEFAULT
  signal(SIGCHLD, SIG_DFL);
#elif !KEEP
  signal(SIGCHLD, old);
#endif
  (void)old;
}

void spawn(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
}
