// Takes SIGCHLD with sigwaitinfo() and reaps every exited child through
// util.c's reap_finished(), for ever.
#include <signal.h>
#include <stddef.h>

int reap_finished(void);

void *reaper_thread(void *arg) {
  sigset_t set;
  siginfo_t info;
  (void)arg;
  sigemptyset(&set);
  sigaddset(&set, SIGCHLD);
  for (;;) {
    if (sigwaitinfo(&set, &info) < 0)
      continue;
    reap_finished();
  }
  return NULL;
}
