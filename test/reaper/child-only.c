// process-reaper-conflict: an ignore installed by a function that runs only
// in children (child_init(), called only on the child's side of a fork) is
// the child's: the parent's wait for its own child still gets the status.
// When the parent calls child_init() too, the parent's wait is reported.
// RUN: %check_tidy --prefix CHECK-CHILD %s %t -- %tidy_reaper -- -std=gnu11
// RUN: %check_tidy %s %t -- %tidy_reaper -- -std=gnu11 -DPARENT_TOO=1
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static void child_init(void) {
  signal(SIGCHLD, SIG_IGN);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: SIGCHLD is set here to have the kernel reap every child
}

int run(void) {
  pid_t pid = fork();
  if (pid == 0) {
    child_init();
    execl("/bin/true", "true", (char *)0);
    _exit(127);
  }
#if PARENT_TOO
  child_init();
#endif
  int status;
  if (waitpid(pid, &status, 0) < 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: call to waitpid() waits for one child, but this process leaves its children to the kernel (SIGCHLD ignored or SA_NOCLDWAIT); the wait fails with ECHILD and the exit status is lost [process-reaper-conflict]
    return -1;
  return WEXITSTATUS(status);
}
