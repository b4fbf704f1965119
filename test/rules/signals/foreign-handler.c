// A handler defined in another file (rsync's remember_children, which
// main.c defines and clientserver.c installs) is not known to reap nothing:
// installing it is no reset, and the program's other installs still count.
// One defined here that reaps nothing is a reset.
// RUN: %check_tidy --prefix CHECK-FOREIGN %s %t -- %tidy -- -std=gnu11
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DLOCAL=1
#include <signal.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#if LOCAL
static void remember_children(int sig) { (void)sig; }
#else
void remember_children(int sig);
#endif

static void reap_all(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

void setup(void) { signal(SIGCHLD, reap_all); }

void serve(void) {
  signal(SIGCHLD, remember_children);
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
}
