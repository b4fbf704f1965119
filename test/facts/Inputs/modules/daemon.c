// A third program: it hands SIGCHLD to ignore_signal() of signals.c, which
// sets SIG_IGN for the signal its parameter names: the kernel reaps.
#include <signal.h>
#include <unistd.h>

void ignore_signal(int sig);

void daemon_spawn(void) {
  if (fork() == 0)
    _exit(0);
}

int main(void) {
  ignore_signal(SIGCHLD);
  daemon_spawn();
  return 0;
}
