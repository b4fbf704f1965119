// A reset made through the project's own wrapper of signal() (a function
// given SIGCHLD and SIG_DFL) is a reset: the worker that resets and then
// forks without waiting leaves zombies, whatever handler setup() installed.
// Without the reset the handler reaps: no warning.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -DNO_RESET=1
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

typedef void (*handler_fn)(int);

static void my_signal(int sig, handler_fn handler) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = handler;
  sigaction(sig, &sa, NULL);
}

static void reap_all(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

void setup(void) { my_signal(SIGCHLD, reap_all); }

void worker(void) {
#if !NO_RESET
  my_signal(SIGCHLD, SIG_DFL);
#endif
  pid_t helper = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: child process 'helper' started by 'fork' is never reaped [process-unreaped-child]
  if (helper == 0)
    _exit(0);
}
