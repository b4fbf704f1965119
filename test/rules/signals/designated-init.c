// A struct sigaction given by a designated initialiser: glibc's
// `.sa_handler` names `__sigaction_handler.sa_handler`, so the handler is
// a member of a nested union.  Read like `sa.sa_handler = h;`.
// The handler reaps any child: the unit's starts are covered.
// RUN: %check_tidy --prefix CHECK-COVERED %s %t -- %tidy -- -std=gnu11
// SIG_IGN, or SA_NOCLDWAIT in the flags, lets the kernel reap: covered.
// RUN: %check_tidy --prefix CHECK-COVERED %s %t -- %tidy -- -std=gnu11 -DIGNORE=1
// RUN: %check_tidy --prefix CHECK-COVERED %s %t -- %tidy -- -std=gnu11 -DNOCLDWAIT=1
// A handler that only counts reaps nothing: the leak is reported.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DCOUNT_ONLY=1
#include <signal.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t exited;

static void reap_all(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

static void count_only(int sig) {
  (void)sig;
  exited++;
}

void setup(void) {
#if IGNORE
  struct sigaction sa = {.sa_handler = SIG_IGN};
#elif NOCLDWAIT
  struct sigaction sa = {.sa_handler = count_only, .sa_flags = SA_NOCLDWAIT};
#elif COUNT_ONLY
  struct sigaction sa = {.sa_handler = count_only, .sa_flags = SA_RESTART};
#else
  struct sigaction sa = {.sa_handler = reap_all, .sa_flags = SA_RESTART};
#endif
  sigaction(SIGCHLD, &sa, NULL);
}

void spawn(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
}
