// IgnoreMain=false: returning from main counts as a function exit too.
// RUN: %check_tidy %s %t -- %tidy \
// RUN:   -config="{CheckOptions: [{key: process-unreaped-child.IgnoreMain, value: false}]}" -- -std=gnu11
// RUN: %check_tidy --prefix CHECK-DEFAULT %s %t.default -- %tidy -- -std=gnu11
#include <sys/types.h>
#include <unistd.h>

int main(void) {
  pid_t pid = fork(); // no-warning by default: main's return ends the process
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  return 0;
}
// With the default options (prefix CHECK-DEFAULT) nothing here is reported.
