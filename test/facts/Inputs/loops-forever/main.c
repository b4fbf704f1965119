// A pre-fork server: a SIGCHLD handler that reaps any child, then workers
// whose worker_main() (worker.c) restores SIG_DFL and ends by serving
// forever (serve.c's serve(), left only through _exit).  The worker never
// comes back to the loop, whose next fork runs in the server only, with
// the handler.
#include <signal.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void worker_main(void);

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
  for (;;)
    pause();
}
