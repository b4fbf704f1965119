// Shape 8 of issue 13: "not reaped on every path" explains one leaking path
// with the branch decisions that matter: those whose other way would have
// reaped or handed off the child.  Decisions that prune the child (no child,
// child side) and decisions whose other way leaks too are left out.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <stdio.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int log_only(int);

int nested(int a, int b, int fd) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is not reaped on every path [process-unreaped-child]
  if (pid < 0)
    return -1;
  if (pid == 0)
    _exit(127);
  if (a) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'a' is true
    if (log_only(fd) < 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: note: assuming 'log_only(fd) < 0' is true
      return -1;
    // CHECK-MESSAGES: :[[@LINE-1]]:7: note: child process 'pid' is still unreaped when the function returns here
    if (b) // no-warning: not on the path explained (the first leaking exit is the one above)
      waitpid(pid, NULL, 0);
    return 0;
  }
  waitpid(pid, NULL, 0);
  return 0;
}

void loop_gives_up(int tries) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is not reaped on every path [process-unreaped-child]
  if (pid == 0)
    _exit(127);
  // The path explained is the first one found: no iteration at all
  // (tries <= 0).  Leaving the loop is no decision that matters, since
  // another iteration can leak the same way.
  for (int i = 0; i < tries; i++) {
    if (waitpid(pid, NULL, WNOHANG) == pid)
      return;
    usleep(1000);
  }
  puts("gave up");
}
// CHECK-MESSAGES: :[[@LINE-1]]:1: note: child process 'pid' is still unreaped when the function returns here

int both_sides_of_and(int ok, int quick) {
  FILE *p = popen("true", "r");
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: child process 'p' started by 'popen' is not reaped on every path [process-unreaped-child]
  if (p == NULL)
    return -1;
  if (ok && quick)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'ok' is true
    // CHECK-MESSAGES: :[[@LINE-2]]:13: note: assuming 'quick' is true
    return 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'p' is still unreaped when the function returns here
  return pclose(p);
}

int leak_on_every_path_has_no_decisions(int a) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(127);
  if (a) // no-warning: never reaped at all, so no path is explained
    return 1;
  return 0;
}

int poll_once_then_give_up(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is not reaped on every path [process-unreaped-child]
  if (pid == 0)
    _exit(127);
  usleep(1000);
  if (waitpid(pid, NULL, WNOHANG) == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'waitpid(pid, NULL, WNOHANG) == 0' is true
    return -1;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'pid' is still unreaped when the function returns here
  return 0;
}
