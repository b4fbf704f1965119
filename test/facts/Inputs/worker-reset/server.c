// The server: a SIGCHLD handler that reaps any child, then workers.  A
// worker restores SIG_DFL before its job (jobs.c) starts helpers, so the
// handler no longer reaps them in the worker; the server's own children
// started after the worker's branch are still the handler's.
#include <signal.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void run_job(void);
void spawn_logger(void);

static void reap(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0)
    ;
}

static void worker(void) {
  signal(SIGCHLD, SIG_DFL);
  run_job();
}

int main(void) {
  signal(SIGCHLD, reap);
  spawn_logger();
  for (int i = 0; i < 2; i++) {
    pid_t w = fork();
    if (w == 0) {
      worker();
      exit(0);
    }
  }
  for (;;)
    pause();
}
