// A wrapper defined in another translation unit is invisible to the
// summaries: configuration alone tells the check about it.
// RUN: %check_tidy %s %t -- %tidy \
// RUN:   -config="{CheckOptions: [{key: process-unreaped-child.StartFunctions, value: 'proc_start'}, {key: process-unreaped-child.ReapFunctions, value: 'proc_reap'}]}" -- -std=gnu11
// RUN: %check_tidy --prefix CHECK-DEFAULT %s %t.default -- %tidy -- -std=gnu11
#include <sys/types.h>

pid_t proc_start(const char *cmd); // defined elsewhere
int proc_reap(pid_t pid);          // defined elsewhere

void forgotten(void) {
  pid_t pid = proc_start("ls");
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'proc_start' is never reaped [process-unreaped-child]
  (void)pid;
}

void reaped(void) {
  pid_t pid = proc_start("ls"); // no-warning: proc_reap is configured as a reap
  proc_reap(pid);
}
// Without the options (prefix CHECK-DEFAULT) nothing here is a start.
