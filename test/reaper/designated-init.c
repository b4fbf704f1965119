// process-reaper-conflict: a reaping handler installed with a designated
// initialiser (`{.sa_handler = h}`, a member of glibc's nested union) takes
// pclose()'s child first, as one assigned member by member does.
// RUN: %check_tidy %s %t -- %tidy_reaper -- -std=gnu11
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/wait.h>

static void reap_all(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

void setup(void) {
  struct sigaction sa = {.sa_handler = reap_all, .sa_flags = SA_RESTART};
  sigaction(SIGCHLD, &sa, NULL);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: 'reap_all', a SIGCHLD handler that reaps any child, is installed here
}

int status_of(FILE *p) {
  return pclose(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: call to pclose() waits for one child, but the SIGCHLD handler 'reap_all' may reap it first; the wait fails with ECHILD and the exit status is lost [process-reaper-conflict]
}
