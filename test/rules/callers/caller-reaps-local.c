// Callers that reap: a blocking reap of any child, repeated until it fails,
// may test its result through the local it was stored in, as it may test
// the call directly (test/rules/callers/caller-reaps.c): the same loop.  A result
// kept and never tested is no such loop.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static void spawn_drained(void) {
  if (fork() == 0) // no-warning: drain_declared's loop reaps it
    _exit(0);
}

void drain_declared(void) {
  spawn_drained();
  for (;;) {
    pid_t w = waitpid(-1, NULL, 0);
    if (w < 0)
      break;
  }
}

static void spawn_drained_do(void) {
  if (fork() == 0) // no-warning: drain_assigned's loop reaps it
    _exit(0);
}

void drain_assigned(void) {
  pid_t w;
  spawn_drained_do();
  do {
    w = wait(NULL);
  } while (w > 0);
}

static void spawn_untested(void) {
  if (fork() == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    _exit(0);
}

void result_kept_untested(int rounds) {
  spawn_untested();
  for (int i = 0; i < rounds; i++) {
    pid_t w = waitpid(-1, NULL, 0);
    (void)w;
  }
}
