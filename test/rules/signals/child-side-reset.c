// A function that forks and restores SIGCHLD's default on the child's side
// before exec (as most do) leaves its caller's disposition alone: the
// starts its caller makes after calling it are still the handler's.  A
// reset on the parent's side is a reset.
// RUN: %check_tidy --prefix CHECK-CHILD %s %t -- %tidy -- -std=gnu11
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DPARENT_RESET=1
#include <signal.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static void reap_all(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

static void run_helper(void) {
  pid_t pid = fork();
  if (pid == 0) {
    signal(SIGCHLD, SIG_DFL);
    execl("/bin/true", "true", (char *)0);
    _exit(127);
  }
#if PARENT_RESET
  signal(SIGCHLD, SIG_DFL);
#endif
  waitpid(pid, NULL, 0);
}

static void notify(void) {
  run_helper();
  if (fork() == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    _exit(0);
}

int main(void) {
  signal(SIGCHLD, reap_all);
  for (;;) {
    notify();
    pause();
  }
}
