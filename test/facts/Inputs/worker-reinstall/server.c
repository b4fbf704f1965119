/* The server: a SIGCHLD handler that reaps any child, then workers, each
   running worker_main() (worker.c). */
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
    if (w == 0) {
      worker_main();
      _exit(0);
    }
  }
  for (;;)
    pause();
}
