// A macro that fills a shared `struct sigaction` and installs it (rsync's
// `#define SIGACTION(n, h) sigact.sa_handler = (h), sigaction((n), &sigact,
// NULL)`) is read in the macro's own order: the SIGCHLD install is the
// handler given to it, not the one an earlier expansion assigned.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <signal.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define SIGACTION(n, h) sigact.sa_handler = (h), sigaction((n), &sigact, NULL)

static struct sigaction sigact;

static void on_usr1(int sig) { (void)sig; }

static void reap_all(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

void setup(void) {
  SIGACTION(SIGUSR1, on_usr1);
  SIGACTION(SIGCHLD, reap_all);
}

void spawn(void) {
  pid_t pid = fork(); // no-warning: reap_all reaps it
  if (pid == 0)
    _exit(0);
}

void worker(void) {
  SIGACTION(SIGCHLD, on_usr1);
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
}
