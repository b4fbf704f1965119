// The reaping handler installed through a comma-expression macro on a global
// struct (rsync's SIGACTION): the signal number is recognised by value.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <signal.h>
#include <stdio.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

struct sigaction sigact;
#define SIGACTION(n, h) sigact.sa_handler = (h), sigaction((n), &sigact, NULL)

static void reap_children(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

void accept_loop(int (*next_client)(void)) {
  pid_t pid;
  for (;;) {
    int fd = next_client();
    SIGACTION(SIGCHLD, reap_children);
    if ((pid = fork()) == 0) // no-warning: the handler reaps it
      _exit(fd);
    close(fd);
  }
}

// The check did run: fclose() on a popen() stream is still reported, since a
// SIGCHLD handler does not make fclose() wait.
void closes_with_fclose(void) {
  FILE *p = popen("ls", "r");
  if (p)
    fclose(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: stream 'p' from popen() is closed with fclose(); POSIX requires pclose(), and on musl and the BSDs the child stays a zombie [process-unreaped-child]
}
