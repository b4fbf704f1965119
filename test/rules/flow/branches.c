// Branches on the handle prune the paths where no parent-side child exists.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#define _GNU_SOURCE
#include <spawn.h>
#include <stdio.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;
extern int verbose;

int less_equal_zero(void) {
  pid_t pid = fork(); // no-warning: '<= 0' is failure or the child
  if (pid <= 0)
    return pid;
  waitpid(pid, NULL, 0);
  return 0;
}

void greater_than_zero(void) {
  pid_t pid = fork(); // no-warning: only the '> 0' branch has a child
  if (pid > 0)
    waitpid(pid, NULL, 0);
}

void not_equal_zero(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is not reaped on every path [process-unreaped-child]
  if (pid != 0) {
    if (pid == -1)
      return;
    if (verbose)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: note: assuming 'verbose' is true
      return;
    // CHECK-MESSAGES: :[[@LINE-1]]:7: note: child process 'pid' is still unreaped when the function returns here
    waitpid(pid, NULL, 0);
    return;
  }
  execlp("true", "true", (char *)NULL); // no-warning: the child side may fall off the end
}

void reversed_operands(void) {
  pid_t pid = fork(); // no-warning: '0 > pid' and '0 == pid' are the same tests
  if (0 > pid)
    return;
  if (0 == pid)
    _exit(0);
  waitpid(pid, NULL, 0);
}

void not_pid_is_child(void) {
  pid_t pid = fork(); // no-warning: '!pid' is the child side
  if (!pid)
    _exit(0);
  if (pid < 0)
    return;
  waitpid(pid, NULL, 0);
}

void switch_on_pid(void) {
  pid_t pid = fork(); // no-warning: case -1 and case 0 have no child
  switch (pid) {
  case -1:
    perror("fork");
    return;
  case 0:
    execlp("true", "true", (char *)NULL);
    _exit(127);
  default:
    break;
  }
  waitpid(pid, NULL, 0);
}

void switch_default_leaks(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is not reaped on every path [process-unreaped-child]
  switch (pid) {
  case -1:
    return;
  case 0:
    _exit(0);
  default:
    if (verbose)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: note: assuming 'verbose' is true
      return;
    // CHECK-MESSAGES: :[[@LINE-1]]:7: note: child process 'pid' is still unreaped when the function returns here
  }
  waitpid(pid, NULL, 0);
}

void combined_and(void) {
  pid_t pid = fork(); // no-warning: 'pid > 0 && verbose' reaps, the rest has no child or reaps
  if (pid == 0)
    _exit(0);
  if (pid > 0 && verbose) {
    waitpid(pid, NULL, 0);
    return;
  }
  if (pid > 0)
    waitpid(pid, NULL, 0);
}

void child_test_right_of_and(char **argv) {
  if (argv[0] && fork() == 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    execvp(argv[0], argv);
    wait(NULL); // no-warning: in the child, this reaps nothing of the parent's
    _exit(127);
  }
}

void child_test_right_of_and_reaped(char **argv) {
  pid_t pid = -1;
  if (argv[0] && (pid = fork()) == 0) { // no-warning: the parent waits below
    execvp(argv[0], argv);
    _exit(127);
  }
  if (pid > 0)
    waitpid(pid, NULL, 0);
}

int failure_test_right_of_or(int *fds) {
  pid_t pid;
  if (pipe(fds) < 0 || (pid = fork()) < 0) // no-warning: '< 0' on the right of || is failure
    return -1;
  if (pid == 0)
    _exit(0);
  return pid;
}

int chained_assignment_tested(void) {
  pid_t pid, copy;
  if ((copy = pid = fork()) == -1) // no-warning: the test is on the same value
    return -1;
  if (pid == 0)
    _exit(0);
  waitpid(copy, NULL, 0);
  return 0;
}

void combined_or(int err) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is not reaped on every path [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  if (pid < 0 || err)
  // CHECK-MESSAGES: :[[@LINE-1]]:18: note: assuming 'err' is true
    return; // 'err' may be true with a live child
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'pid' is still unreaped when the function returns here
  waitpid(pid, NULL, 0);
}

void assignment_in_condition(void) {
  pid_t pid;
  if ((pid = fork()) < 0) // no-warning: tested inline
    return;
  if (pid == 0)
    _exit(0);
  waitpid(pid, NULL, 0);
}

void copy_is_tested(void) {
  pid_t pid = fork(); // no-warning: the copy 'child' carries the same pid
  pid_t child = pid;
  if (child < 0)
    return;
  if (child == 0)
    _exit(0);
  waitpid(pid, NULL, 0);
}

int spawn_status_in_variable(char **argv) {
  pid_t pid;
  int rc = posix_spawn(&pid, "/bin/true", NULL, NULL, argv, environ); // no-warning: rc != 0 means no child
  if (rc != 0)
    return rc;
  waitpid(pid, NULL, 0);
  return 0;
}

int spawn_status_inline(char **argv) {
  pid_t pid;
  if (posix_spawn(&pid, "/bin/true", NULL, NULL, argv, environ)) // no-warning: non-zero means no child
    return -1;
  waitpid(pid, NULL, 0);
  return 0;
}

int spawn_status_compared_later(char **argv) {
  pid_t pid;
  int rc;
  rc = posix_spawnp(&pid, "true", NULL, NULL, argv, environ); // no-warning: tested below
  printf("spawned\n");
  if (rc == 0)
    waitpid(pid, NULL, 0);
  return rc;
}

int spawn_status_ignored(char **argv) {
  pid_t pid;
  int rc = posix_spawn(&pid, "/bin/true", NULL, NULL, argv, environ);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: child process 'pid' started by 'posix_spawn' is not reaped on every path [process-unreaped-child]
  if (verbose)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'verbose' is true
    return rc;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'pid' is still unreaped when the function returns here
  waitpid(pid, NULL, 0);
  return 0;
}

void popen_null(void) {
  FILE *p = popen("ls", "r"); // no-warning: NULL means no child
  if (p == NULL)
    return;
  pclose(p);
}

void double_fork_daemon(void) {
  pid_t pid = fork(); // no-warning: parent waits for the intermediate child
  if (pid < 0)
    return;
  if (pid > 0) {
    waitpid(pid, NULL, 0);
    return;
  }
  setsid();
  pid_t grandchild = fork(); // no-warning: its parent exits, init adopts it
  if (grandchild != 0)
    _exit(grandchild < 0);
  execlp("sleep", "sleep", "1", (char *)NULL);
  _exit(127);
}
