// Takes SIGCHLD with sigwaitinfo() and reaps every exited child, for ever.
#include <signal.h>
#include <stddef.h>
#include <sys/wait.h>

void *reaper_thread(void *arg) {
  sigset_t set;
  siginfo_t info;
  (void)arg;
  sigemptyset(&set);
  sigaddset(&set, SIGCHLD);
  for (;;) {
    if (sigwaitinfo(&set, &info) < 0)
      continue;
    while (waitpid(-1, NULL, WNOHANG) > 0) {
    }
  }
  return NULL;
}
