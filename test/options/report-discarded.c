// ReportDiscarded=false: starts whose handle is not stored are not reported.
// RUN: %check_tidy %s %t -- %tidy \
// RUN:   -config="{CheckOptions: [{key: process-unreaped-child.ReportDiscarded, value: false}]}" -- -std=gnu11
// RUN: %check_tidy --prefix CHECK-DEFAULT %s %t.default -- %tidy -- -std=gnu11
#include <stdio.h>
#include <sys/types.h>
#include <unistd.h>

void fire_and_forget(void) {
  if (fork() == 0) // no-warning with the option
    // CHECK-DEFAULT: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    _exit(0);
  popen("true", "r"); // no-warning with the option
  // CHECK-DEFAULT: :[[@LINE-1]]:3: warning: child process started by 'popen' is discarded and can never be reaped [process-unreaped-child]
}

void stored_is_still_reported(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  // CHECK-DEFAULT: :[[@LINE-2]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
}
