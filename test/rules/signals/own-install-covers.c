// A start that follows, on every path of its function, that function's own
// install of a handler that reaps any child (with no reset since) is
// covered by it, whatever the program does elsewhere: here the workers'
// installs run only in children (child-only functions) and cover nothing
// else, yet each covers the starts its worker makes after it.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
// Not when the unit keeps SIGCHLD blocked for good (the handler never
// runs), nor for a handler that reaps only its own process group.
// RUN: %check_tidy --prefix CHECK-BLOCKED %s %t -- %tidy -- -std=gnu11 -DBLOCKED=1
#include <signal.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static void worker_chld(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0)
    ;
}

static void worker_main(void) {
  signal(SIGCHLD, worker_chld);
  if (fork() == 0) // no-warning: the worker's own handler reaps it
    // CHECK-BLOCKED: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    _exit(0);
  for (;;)
    pause();
}

// Starts its helper before it installs the handler.
static void worker_late(void) {
  pid_t h = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: child process 'h' started by 'fork' is never reaped [process-unreaped-child]
  // CHECK-BLOCKED: :[[@LINE-2]]:13: warning: child process 'h' started by 'fork' is never reaped [process-unreaped-child]
  if (h == 0)
    _exit(0);
  signal(SIGCHLD, worker_chld);
  for (;;)
    pause();
}

// Installs it on one path only.
static void worker_maybe(int quiet) {
  if (!quiet)
    signal(SIGCHLD, worker_chld);
  if (fork() == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    // CHECK-BLOCKED: :[[@LINE-2]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    _exit(0);
  for (;;)
    pause();
}

static void group_chld(int sig) {
  (void)sig;
  while (waitpid(0, NULL, WNOHANG) > 0)
    ;
}

// Its handler reaps only its own group, which the helper leaves.
static void worker_group(void) {
  signal(SIGCHLD, group_chld);
  if (fork() == 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    // CHECK-BLOCKED: :[[@LINE-2]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    setsid();
    _exit(0);
  }
  for (;;)
    pause();
}

void prefork(int quiet) {
#if BLOCKED
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGCHLD);
  sigprocmask(SIG_BLOCK, &set, NULL);
#endif
  for (int i = 0; i < 4; i++) {
    if (fork() != 0) // no-warning: main's loop below reaps the workers
      continue;
    if (i == 0)
      worker_main();
    else if (i == 1)
      worker_late();
    else if (i == 2)
      worker_maybe(quiet);
    else
      worker_group();
  }
  while (wait(NULL) > 0)
    ;
}
