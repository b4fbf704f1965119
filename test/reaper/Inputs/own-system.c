#include <signal.h>
#include <stddef.h>

int run_and_wait(const char *cmd, int *status);

int build(void) {
  int status = 0;
  run_and_wait("make", &status);
  // MODEL: :[[@LINE-1]]:3: warning: call to run_and_wait() waits for one child, but this process leaves its children to the kernel (SIGCHLD ignored or SA_NOCLDWAIT); the wait fails with ECHILD and the exit status is lost [process-reaper-conflict]
  return status;
}

void fire(void) { run_and_wait("true", NULL); }

int main(void) {
  signal(SIGCHLD, SIG_IGN);
  // MODEL: :[[@LINE-1]]:3: note: SIGCHLD is set here to have the kernel reap every child
  fire();
  return build();
}
