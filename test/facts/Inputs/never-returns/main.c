// The server: a SIGCHLD handler that reaps any child, then two kinds of
// workers.  worker_main() (worker.c) restores SIG_DFL and never returns:
// it ends in finish() of finish.c, which ends in _exit.  The worker never
// comes back to the first loop, whose next fork runs in the server only,
// with the handler.  worker_step() (step.c) restores SIG_DFL and returns:
// the worker goes on around the second loop and forks under SIG_DFL, and
// nothing waits for that child.
#include <signal.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void worker_main(void);
void worker_step(void);

static void reap(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0)
    ;
}

int main(void) {
  signal(SIGCHLD, reap);
  for (int i = 0; i < 2; i++) {
    pid_t w = fork();
    if (w == 0)
      worker_main();
  }
  for (int i = 0; i < 2; i++) {
    pid_t s = fork();
    if (s == 0)
      worker_step();
  }
  for (;;)
    pause();
}
