// Starts and reaps written through macros: reported at the expansion the
// user can act on.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define SPAWN() fork()
#define REAP(p) waitpid((p), NULL, 0)
#define CHILD_EXIT(p) do { if ((p) == 0) _exit(0); } while (0)
#define START_AND_FORGET(v) pid_t v = fork(); (void)v

void through_macros(void) {
  pid_t pid = SPAWN(); // no-warning: REAP reaps
  CHILD_EXIT(pid);
  REAP(pid);
}

void macro_start_leaks(void) {
  pid_t pid = SPAWN();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  CHILD_EXIT(pid);
}

void whole_statement_macro(void) {
  START_AND_FORGET(child);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: child process 'child' started by 'fork' is never reaped [process-unreaped-child]
}
