// HarmlessFunctions: project functions that only look at the pid.  Without
// the option, passing the pid to them is a hand-off (they might keep it).
// RUN: %check_tidy %s %t -- %tidy \
// RUN:   -config="{CheckOptions: [{key: process-unreaped-child.HarmlessFunctions, value: 'log_pid;ns::trace:1'}]}" -- -std=gnu11
// RUN: %check_tidy --prefix CHECK-DEFAULT %s %t.default -- %tidy -- -std=gnu11
#include <sys/types.h>
#include <unistd.h>

void log_pid(pid_t pid);
void trace(const char *what, pid_t pid);

void logged_only(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  log_pid(pid);
}

void traced_at_other_argument(void) {
  pid_t pid = fork(); // no-warning: 'ns::trace:1' names another function; trace() may keep it
  if (pid == 0)
    _exit(0);
  trace("child", pid);
}
// With the default options (prefix CHECK-DEFAULT) nothing here is reported.
