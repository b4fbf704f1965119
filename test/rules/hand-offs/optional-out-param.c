// An optional out-parameter (`if (ret_pid) *ret_pid = pid;`, dropbear's
// spawn_command): a caller passing NULL declines the child, so the path on
// which the pointer is NULL hands the child to that caller, like the store.
// The function is then a start wrapper, and a caller passing NULL discards
// its child.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int spawn_command(char **argv, int *fd, pid_t *ret_pid) {
  pid_t pid = fork(); // no-warning: a NULL ret_pid is the caller's choice
  if (pid < 0)
    return -1;
  if (pid == 0) {
    execvp(argv[0], argv);
    _exit(127);
  }
  if (ret_pid)
    *ret_pid = pid;
  *fd = 3;
  return 0;
}

int spawn_unless_null(char **argv, pid_t *ret_pid) {
  pid_t pid = fork(); // no-warning: the same, tested the other way round
  if (pid < 0)
    return -1;
  if (pid == 0) {
    execvp(argv[0], argv);
    _exit(127);
  }
  if (ret_pid == NULL)
    return 0;
  *ret_pid = pid;
  return 0;
}

int null_flag_is_no_out_param(char **argv, int *flag) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is not reaped on every path [process-unreaped-child]
  if (pid < 0)
    return -1;
  if (pid == 0) {
    execvp(argv[0], argv);
    _exit(127);
  }
  if (!flag)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming '!flag' is true
    return 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'pid' is still unreaped when the function returns here
  *flag = 1;
  waitpid(pid, NULL, 0);
  return 0;
}

void caller_declines(char **argv) {
  int fd;
  spawn_command(argv, &fd, NULL);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: child process started by 'spawn_command' is discarded and can never be reaped [process-unreaped-child]
}

void caller_waits(char **argv) {
  pid_t child;
  int fd;
  if (spawn_command(argv, &fd, &child) == 0) // no-warning: waited
    waitpid(child, NULL, 0);
}
