// Real bug: haskell/process, cbits/runProcess.c, runInteractiveProcess():
// when the child reported a chdir/exec failure over the status pipe, the
// parent set `pid = -1` and returned the error without waiting: one zombie
// per failed spawn (callProcess "does-not-exist").
//   fix:    77dc6dc7142eb13104e2fbcc4d1ff706a48488d4 ("Wait on child PID
//           after pre-exec failure in child.", PR #14)
//   parent: 1a62f86e77118520143985d9baf62d31a9d1c748
// Reproduction written for this test (same shape, not the project's code;
// only the branch the fix touched is kept).
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <errno.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void child_failed(int fd, int code) __attribute__((noreturn));

pid_t run_process_before(char *const args[], int comm[2], const char **failed) {
  int code, err;
  pid_t pid;
  switch (pid = fork()) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: child process 'pid' started by 'fork' is not reaped on every path [process-unreaped-child]
  case -1:
    *failed = "fork";
    return -1;
  case 0:
    close(comm[0]);
    execvp(args[0], args);
    child_failed(comm[1], 1);
  default:
    close(comm[1]);
    break;
  }
  ssize_t r = read(comm[0], &code, sizeof(code));
  if (r == sizeof(code)) {
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'r == sizeof(code)' is true
    *failed = "exec";
    if (read(comm[0], &err, sizeof(err)) == sizeof(err))
      errno = err;
    pid = -1;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'pid' is still unreaped when 'pid' is overwritten here
  }
  close(comm[0]);
  return pid;
}

pid_t run_process_after(char *const args[], int comm[2], const char **failed) {
  int code, err;
  pid_t pid;
  switch (pid = fork()) { // no-warning: reaped before the handle is dropped
  case -1:
    *failed = "fork";
    return -1;
  case 0:
    close(comm[0]);
    execvp(args[0], args);
    child_failed(comm[1], 1);
  default:
    close(comm[1]);
    break;
  }
  ssize_t r = read(comm[0], &code, sizeof(code));
  if (r == sizeof(code)) {
    *failed = "exec";
    if (read(comm[0], &err, sizeof(err)) == sizeof(err))
      errno = err;
    waitpid(pid, NULL, 0);
    pid = -1;
  }
  close(comm[0]);
  return pid;
}
