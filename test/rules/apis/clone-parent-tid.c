// clone3() and clone() with CLONE_PARENT_SETTID also write the child's pid
// through `parent_tid`: the local it points to is a copy of the handle
// (skalibs' fork_newpid returns it).
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#define _GNU_SOURCE
#include <linux/sched.h>
#include <signal.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

pid_t fork_newpid(void) {
  pid_t pid;
  struct clone_args args = {
      .flags = CLONE_NEWPID | CLONE_PARENT_SETTID,
      .parent_tid = (uint64_t)(uintptr_t)&pid,
      .exit_signal = SIGCHLD,
  };
  long r = syscall(SYS_clone3, &args, sizeof(args)); // no-warning: returned as 'pid'
  if (r < 0)
    return -1;
  return r ? pid : 0;
}

pid_t fork_newpid_assigned(void) {
  pid_t pid;
  struct clone_args args = {.flags = CLONE_PARENT_SETTID, .exit_signal = SIGCHLD};
  args.parent_tid = (uint64_t)(uintptr_t)&pid;
  long r = syscall(SYS_clone3, &args, sizeof(args)); // no-warning: returned as 'pid'
  if (r == 0)
    _exit(0);
  return r < 0 ? -1 : pid;
}

pid_t fork_other_tid(void) {
  pid_t pid = 0, tid;
  struct clone_args args = {.flags = CLONE_CHILD_SETTID,
                            .child_tid = (uint64_t)(uintptr_t)&tid,
                            .exit_signal = SIGCHLD};
  long r = syscall(SYS_clone3, &args, sizeof(args));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: child process 'r' started by 'syscall' is never reaped [process-unreaped-child]
  if (r == 0)
    _exit(0);
  return r < 0 ? -1 : pid;
}

pid_t raw_clone(void) {
  pid_t ptid;
  long r = syscall(SYS_clone, CLONE_PARENT_SETTID | SIGCHLD, 0, &ptid, 0, 0); // no-warning: returned as 'ptid'
  if (r == 0)
    _exit(0);
  return r < 0 ? -1 : ptid;
}
