// Shapes 2 and 3 of issue 13: a start in an arm of a conditional expression
// is a start held by the variable it initialises or is assigned to; a
// returned conditional expression with the handle in an arm hands it to the
// caller on every path.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void start_in_arm_never_reaped(int on) {
  pid_t pid = on ? fork() : -1;
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(127);
}

int cancelled(void);

void start_in_false_arm_assigned(int off) {
  pid_t pid;
  pid = off ? -1 : fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: child process 'pid' started by 'fork' is not reaped on every path [process-unreaped-child]
  if (pid == 0)
    _exit(127);
  if (pid < 0)
    return;
  if (cancelled())
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'cancelled()' is true
    return;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'pid' is still unreaped when the function returns here
  waitpid(pid, NULL, 0);
}

void start_in_false_arm_same_test(int off) {
  pid_t pid;
  pid = off ? -1 : fork(); // no-warning: 'off' is false wherever there is a child
  if (pid == 0)
    _exit(127);
  if (pid < 0)
    return;
  if (off)
    return;
  waitpid(pid, NULL, 0);
}

void start_in_arm_reaped(int on) {
  pid_t pid = on ? fork() : -1; // no-warning: reaped when there is a child
  if (pid < 0)
    return;
  if (pid == 0)
    _exit(127);
  waitpid(pid, NULL, 0);
}

void start_in_arm_in_a_loop(int n) {
  for (int i = 0; i < n; i++) {
    pid_t pid = i % 2 ? fork() : -1; // no-warning: reaped in each iteration
    if (pid < 0)
      continue;
    if (pid == 0)
      _exit(127);
    waitpid(pid, NULL, 0);
  }
}

pid_t returned_in_an_arm(int fd) {
  pid_t child = fork(); // no-warning: the returned conditional may be the child
  if (child == 0)
    _exit(127);
  int r = (int)write(fd, "x", 1);
  return r < 0 ? r : child;
}

pid_t returned_in_a_nested_arm(int a, int b) {
  pid_t child = fork(); // no-warning: the returned conditional may be the child
  if (child == 0)
    _exit(127);
  return a ? -1 : b ? -2 : child;
}

int returned_conditional_without_the_child(int fd) {
  pid_t child = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: child process 'child' started by 'fork' is never reaped [process-unreaped-child]
  if (child == 0)
    _exit(127);
  int r = (int)write(fd, "x", 1);
  return r < 0 ? r : 0;
}
