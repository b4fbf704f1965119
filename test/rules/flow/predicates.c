// Shape 4 of issue 13: a start's failure test made through a small predicate
// of the translation unit.  A function that returns `x != 0`, `x == 0`,
// `x < 0` (or `!x`, `x`) of its own parameter on every path is summarised,
// and a branch on a call of it is a branch on that comparison.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <spawn.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;
static int last_error;

static int check_fail(int r) {
  last_error = r;
  return r != 0;
}

static int is_ok(int r) { return 0 == r; }

static int failed(pid_t pid) {
  if (pid == 0)
    return pid < 0; // Every return makes the same comparison.
  return pid < 0;
}

static int none(void) { return -1; }

static int check_fail_or_flag(int r, int flag) { return r != 0 || flag; }

static int check_fail_reassigned(int r) {
  r = r & 0xff;
  return r != 0;
}

static int check_fail_mixed(int r) {
  if (r > 100)
    return r < 0;
  return r != 0;
}

int run_checked(char *const argv[]) {
  pid_t pid; // no-warning: the failure test goes through check_fail
  if (check_fail(posix_spawn(&pid, argv[0], NULL, NULL, argv, environ)))
    return none();
  int status;
  waitpid(pid, &status, 0);
  return status;
}

int run_checked_negated(char *const argv[]) {
  pid_t pid; // no-warning: !is_ok(r) is r != 0
  if (!is_ok(posix_spawn(&pid, argv[0], NULL, NULL, argv, environ)))
    return -1;
  int status;
  waitpid(pid, &status, 0);
  return status;
}

int fork_checked(void) {
  pid_t pid = fork(); // no-warning: failed(pid) is pid < 0
  if (failed(pid))
    return -1;
  if (pid == 0)
    _exit(127);
  waitpid(pid, NULL, 0);
  return 0;
}

int run_checked_with_flag(char *const argv[], int flag) {
  pid_t pid;
  if (check_fail_or_flag(posix_spawn(&pid, argv[0], NULL, NULL, argv, environ), flag))
    // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: child process 'pid' started by 'posix_spawn' is not reaped on every path [process-unreaped-child]
  // CHECK-MESSAGES: :[[@LINE-2]]:7: note: assuming the condition is true
    return -1;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'pid' is still unreaped when the function returns here
  int status;
  waitpid(pid, &status, 0);
  return status;
}

int run_checked_reassigned(char *const argv[]) {
  pid_t pid;
  if (check_fail_reassigned(posix_spawn(&pid, argv[0], NULL, NULL, argv, environ)))
    // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: child process 'pid' started by 'posix_spawn' is not reaped on every path [process-unreaped-child]
  // CHECK-MESSAGES: :[[@LINE-2]]:7: note: assuming the condition is true
    return -1;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'pid' is still unreaped when the function returns here
  int status;
  waitpid(pid, &status, 0);
  return status;
}

int run_checked_mixed(char *const argv[]) {
  pid_t pid;
  if (check_fail_mixed(posix_spawn(&pid, argv[0], NULL, NULL, argv, environ)))
    // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: child process 'pid' started by 'posix_spawn' is not reaped on every path [process-unreaped-child]
  // CHECK-MESSAGES: :[[@LINE-2]]:7: note: assuming the condition is true
    return -1;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'pid' is still unreaped when the function returns here
  int status;
  waitpid(pid, &status, 0);
  return status;
}

int success_branch_still_needs_a_reap(char *const argv[]) {
  pid_t pid;
  if (!check_fail(posix_spawn(&pid, argv[0], NULL, NULL, argv, environ)))
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: child process 'pid' started by 'posix_spawn' is never reaped [process-unreaped-child]
    return 0;
  return -1;
}
