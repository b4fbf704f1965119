// ReportLeakingPaths=false: the Go guard's semantics, report only children
// with no reap or hand-off reachable at all.
// RUN: %check_tidy %s %t -- %tidy \
// RUN:   -config="{CheckOptions: [{key: process-unreaped-child.ReportLeakingPaths, value: false}]}" -- -std=gnu11
// RUN: %check_tidy --prefix CHECK-DEFAULT %s %t.default -- %tidy -- -std=gnu11
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void some_path_leaks(int quick) {
  pid_t pid = fork(); // no-warning with the option: a reap is reachable
  // CHECK-DEFAULT: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is not reaped on every path [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  if (quick)
  // CHECK-DEFAULT: :[[@LINE-1]]:7: note: assuming 'quick' is true
    return;
  // CHECK-DEFAULT: :[[@LINE-1]]:5: note: child process 'pid' is still unreaped when the function returns here
  waitpid(pid, NULL, 0);
}

void never_reaped(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  // CHECK-DEFAULT: :[[@LINE-2]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
}
