// A worker: SIGCHLD at its default, a helper it never waits for, then it
// serves until it exits.
#include <signal.h>
#include <unistd.h>

void serve(void);

void worker_main(void) {
  signal(SIGCHLD, SIG_DFL);
  pid_t helper = fork();
  if (helper == 0)
    _exit(0);
  serve();
}
