// process-reaper-conflict: a project's own wrapper of signal() given
// SIGCHLD and SIG_DFL (OpenSSH's `ssh_signal(SIGCHLD, SIG_DFL)` before
// ssh_askpass()'s waitpid) resets the disposition as signal() would, so
// the wait after it gets its child's status; putting the saved handler back
// afterwards changes nothing for that wait.  A wait with no reset is still
// taken first by the reaper.
// RUN: %check_tidy %s %t -- %tidy_reaper -- -std=gnu11
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

typedef void (*handler_fn)(int);

static handler_fn my_signal(int sig, handler_fn handler) {
  struct sigaction sa, old;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = handler;
  if (sigaction(sig, &sa, &old) == -1)
    return SIG_ERR;
  return old.sa_handler;
}

static void reap_all(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

void setup(void) {
  signal(SIGCHLD, reap_all);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: 'reap_all', a SIGCHLD handler that reaps any child, is installed here
}

int ask(void) {
  handler_fn saved = my_signal(SIGCHLD, SIG_DFL);
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
  int status = 0;
  pid_t got = waitpid(pid, &status, 0); // no-warning: reset by my_signal()
  my_signal(SIGCHLD, saved);
  return got == pid ? status : -1;
}

int run(void) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
  int status = 0;
  if (waitpid(pid, &status, 0) < 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: call to waitpid() waits for one child, but the SIGCHLD handler 'reap_all' may reap it first; the wait fails with ECHILD and the exit status is lost [process-reaper-conflict]
    return -1;
  return status;
}
