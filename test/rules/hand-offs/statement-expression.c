// A GNU statement expression has the value of its last statement: a start
// wrapped in one (busybox's `xvfork()` macro) is handed to the variable the
// expression initialises, is assigned to or is returned as.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define xvfork()                                                               \
  ({                                                                           \
    pid_t xv_pid = vfork();                                                    \
    if (xv_pid < 0)                                                            \
      abort();                                                                 \
    xv_pid;                                                                    \
  })

int run_and_wait(char **argv) {
  pid_t pid = xvfork(); // no-warning: reaped through the expression's value
  if (pid == 0) {
    execvp(argv[0], argv);
    _exit(127);
  }
  int status;
  waitpid(pid, &status, 0);
  return status;
}

int run_and_wait_assigned(char **argv) {
  pid_t pid;
  pid = xvfork(); // no-warning: reaped through the expression's value
  if (pid == 0) {
    execvp(argv[0], argv);
    _exit(127);
  }
  int status;
  waitpid(pid, &status, 0);
  return status;
}

pid_t spawn(char **argv) {
  return ({ // no-warning: the expression's value is returned
    pid_t child = fork();
    if (child == 0) {
      execvp(argv[0], argv);
      _exit(127);
    }
    child;
  });
}

void run_and_forget(char **argv) {
  pid_t pid = xvfork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'xv_pid' started by 'vfork' is never reaped [process-unreaped-child]
  if (pid == 0) {
    execvp(argv[0], argv);
    _exit(127);
  }
}

void run_and_kill(char **argv) {
  pid_t pid = xvfork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'xv_pid' started by 'vfork' is killed but never reaped; kill() does not reap [process-unreaped-child]
  if (pid == 0) {
    execvp(argv[0], argv);
    _exit(127);
  }
  kill(pid, SIGTERM);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: 'kill' signals the child but does not reap it; call waitpid() after it
}
