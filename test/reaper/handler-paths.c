// process-reaper-conflict: a handler shared by several signals is judged
// on the paths it takes for SIGCHLD.  Here `case SIGCHLD:` always reaps any
// child, so the handler takes the child the program waits for.
// RUN: %check_tidy %s %t -- %tidy_reaper -- -std=gnu11
#include <signal.h>
#include <stddef.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t stopping;

static void on_signal(int sig) {
  switch (sig) {
  case SIGTERM:
    stopping = 1;
    break;
  case SIGCHLD:
    while (waitpid(-1, NULL, WNOHANG) > 0)
      ;
    break;
  default:
    break;
  }
}

static void on_signal_if(int sig) {
  if (sig != SIGCHLD)
    return;
  while (waitpid(-1, NULL, WNOHANG) > 0)
    ;
}

int run(char *const argv[]) {
  pid_t pid = fork();
  if (pid == 0) {
    execv(argv[0], argv);
    _exit(127);
  }
  int status;
  return waitpid(pid, &status, 0) == pid ? WEXITSTATUS(status) : -1;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: call to waitpid() waits for one child, but the SIGCHLD handler 'on_signal' may reap it first; the wait fails with ECHILD and the exit status is lost [process-reaper-conflict]
}

// The `if (sig != SIGCHLD) return;` form, installed only around its child.
int run_later(char *const argv[]) {
  signal(SIGCHLD, on_signal_if);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: 'on_signal_if', a SIGCHLD handler that reaps any child, is installed here
  pid_t pid = fork();
  if (pid == 0) {
    execv(argv[0], argv);
    _exit(127);
  }
  int status;
  int r = waitpid(pid, &status, 0) == pid ? WEXITSTATUS(status) : -1;
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: call to waitpid() waits for one child, but the SIGCHLD handler 'on_signal_if' may reap it first; the wait fails with ECHILD and the exit status is lost [process-reaper-conflict]
  signal(SIGCHLD, SIG_DFL);
  return r;
}

int main(int argc, char **argv) {
  (void)argc;
  signal(SIGTERM, on_signal);
  signal(SIGCHLD, on_signal);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: 'on_signal', a SIGCHLD handler that reaps any child, is installed here
  return run(argv + 1);
}
