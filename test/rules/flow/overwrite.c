// Overwriting a live handle leaks the child it held.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void loop_reaps_last_only(void) {
  pid_t pid = -1;
  for (int i = 0; i < 4; i++) {
    pid = fork();
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: child process 'pid' started by 'fork' is not reaped on every path [process-unreaped-child]
    // CHECK-MESSAGES: :[[@LINE-2]]:11: note: child process 'pid' is still unreaped when 'pid' is overwritten here
    if (pid == 0)
      _exit(0);
  }
  waitpid(pid, NULL, 0);
}

void reset_on_error(int err) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is not reaped on every path [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  if (err) {
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'err' is true
    pid = -1;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'pid' is still unreaped when 'pid' is overwritten here
    return;
  }
  waitpid(pid, NULL, 0);
}

void declared_in_loop(int n) {
  while (n-- > 0) {
    pid_t pid = fork();
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
    if (pid == 0)
      _exit(0);
  }
}

void loop_reaps_each(void) {
  pid_t pid;
  for (int i = 0; i < 4; i++) {
    pid = fork(); // no-warning: each child is waited before the next fork
    if (pid == 0)
      _exit(0);
    waitpid(pid, NULL, 0);
  }
}

void reset_after_reap(void) {
  pid_t pid = fork(); // no-warning: reset only after waitpid
  if (pid == 0)
    _exit(0);
  waitpid(pid, NULL, 0);
  pid = -1;
}

void sequential_reuse(void) {
  pid_t pid = fork(); // no-warning: reaped before the variable is reused
  if (pid == 0)
    _exit(0);
  waitpid(pid, NULL, 0);
  pid = fork(); // no-warning: reaped below
  if (pid == 0)
    _exit(0);
  waitpid(pid, NULL, 0);
}
