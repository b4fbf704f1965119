// A clone that its own argument makes fail is not a start: the kernel
// fails clone3() with EFAULT when its struct pointer is a constant address,
// and glibc's clone() fails with EINVAL when fn or stack is NULL.  A clone
// with CLONE_THREAD makes a thread, not a child.  Only those arguments
// decide; everything else may start a child.  A system call's number may
// come through the project's own macros.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#define _GNU_SOURCE
#include <errno.h>
#include <linux/sched.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define WRONG_POINTER ((char *)1)

static int child_main(void *arg) { return arg != NULL; }

// A seccomp probe in main's loop over its arguments (bubblewrap's
// try-syscall): the call is made to fail, so nothing is started.
int main(int argc, char **argv) {
  int errsv = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "clone3") == 0) {
      if (syscall(__NR_clone3, WRONG_POINTER, sizeof(struct clone_args)) != 0) { // no-warning: EFAULT
        errsv = errno;
        perror(argv[i]);
      }
    }
  }
  return errsv;
}

void probe_null_args(void) {
  syscall(SYS_clone3, NULL, sizeof(struct clone_args)); // no-warning: EFAULT
  syscall(SYS_clone3, 1, sizeof(struct clone_args));    // no-warning: EFAULT
}

void thread(char *stack_top) {
  clone(child_main, stack_top, CLONE_VM | CLONE_SIGHAND | CLONE_THREAD, NULL); // no-warning: a thread
  syscall(SYS_clone, CLONE_VM | CLONE_SIGHAND | CLONE_THREAD, stack_top, NULL, NULL, 0); // no-warning: a thread
}

#define my_fork() syscall(SYS_fork)
#define FORK_NUMBER SYS_fork

void leak_through_macros(void) {
  long pid = my_fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: child process 'pid' started by 'syscall' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  long other = syscall(FORK_NUMBER);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: child process 'other' started by 'syscall' is never reaped [process-unreaped-child]
  if (other == 0)
    _exit(0);
}

void leak_real_args(void) {
  struct clone_args args = {.exit_signal = SIGCHLD};
  long pid = syscall(SYS_clone3, &args, sizeof args);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: child process 'pid' started by 'syscall' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
}

void leak_args_parameter(struct clone_args *args) {
  syscall(SYS_clone3, args, sizeof *args);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: child process started by 'syscall' is discarded and can never be reaped [process-unreaped-child]
}

void null_stack(void) {
  pid_t pid = clone(child_main, NULL, SIGCHLD, NULL); // no-warning: EINVAL
  (void)pid;
}

void null_function(char *stack_top) {
  pid_t pid = clone(NULL, stack_top, SIGCHLD, NULL); // no-warning: EINVAL
  (void)pid;
}

void leak_clone(char *stack_top) {
  pid_t pid = clone(child_main, stack_top, SIGCHLD, NULL);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'clone' is never reaped [process-unreaped-child]
  (void)pid;
}

// The raw syscall takes no function, and a NULL stack makes it fork-like.
void leak_raw_clone_null_stack(void) {
  long pid = syscall(SYS_clone, SIGCHLD, NULL, NULL, NULL, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: child process 'pid' started by 'syscall' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
}
