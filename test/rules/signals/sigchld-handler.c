// A SIGCHLD handler of the translation unit that reaps any child (a
// waitpid(-1, ..., WNOHANG) loop) reaps every child the unit starts, once
// installed: nothing is reported.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static void reap_children(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

void accept_loop(int (*next_client)(void)) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = reap_children;
  sigaction(SIGCHLD, &sa, NULL);
  while (next_client() >= 0) {
    pid_t pid = fork(); // no-warning: the handler reaps it
    if (pid == 0)
      _exit(0);
  }
}

void elsewhere(void) {
  if (fork() == 0) // no-warning: the same handler reaps it
    _exit(0);
}

// The check did run: fclose() on a popen() stream is still reported, since a
// SIGCHLD handler does not make fclose() wait.
void closes_with_fclose(void) {
  FILE *p = popen("ls", "r");
  if (p)
    fclose(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: stream 'p' from popen() is closed with fclose(); POSIX requires pclose(), and on musl and the BSDs the child stays a zombie [process-unreaped-child]
}
