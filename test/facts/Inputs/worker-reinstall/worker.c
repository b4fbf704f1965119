/* A worker: SIGCHLD back to its default, then a reaper of its own
   (wsig.c), then helpers. */
#include <signal.h>
#include <sys/types.h>
#include <unistd.h>

void worker_install_reaper(void);

void worker_main(void) {
  signal(SIGCHLD, SIG_DFL);
  worker_install_reaper();
  for (int i = 0; i < 3; i++) {
    pid_t h = fork();
    if (h == 0)
      _exit(0);
  }
  for (;;)
    pause();
}
