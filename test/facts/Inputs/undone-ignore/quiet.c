// A fire-and-forget child, with SIGCHLD ignored while it runs; the
// caller's disposition is put back before returning.
#include <signal.h>
#include <sys/types.h>
#include <unistd.h>

void run_detached(void) {
  void (*old)(int) = signal(SIGCHLD, SIG_IGN);
  pid_t d = fork();
  if (d == 0)
    _exit(0);
  usleep(200000);
  signal(SIGCHLD, old);
}
