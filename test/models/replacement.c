// A user model's row replaces a built-in row of the same name only where
// the user model applies: its `fork` row describes a fork declared in
// shadow.h, not glibc's.  `is-null: false` tests for a pointer that is not
// null.
// RUN: %check_tidy %s %t -- %tidy -config="{CheckOptions: [{key: process-unreaped-child.ModelFiles, value: '%model_inputs/user/shadow.yaml'}]}" -- -I%model_inputs/user
#include "shadow.h"
#include <unistd.h>

void glibc_fork(void) {
  fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
}

void checked(void) {
  pid_t pid;
  spawn_checked(&pid, "true");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: child process 'pid' started by 'spawn_checked' is never reaped [process-unreaped-child]
}

void no_command(void) {
  pid_t pid; // no-warning: with a null command the row's condition fails
  spawn_checked(&pid, 0);
}
