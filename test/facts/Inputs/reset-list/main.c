// A pre-fork server: main's handler reaps every worker; each worker, which
// runs for good, puts a list of signals, SIGCHLD among them, back to their
// defaults through reset_signals() (sig.c), and then starts a helper for
// each job and never waits for it.
#include <signal.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void reset_signals(const int *sigs, int n);

static const int inherited[] = {SIGPIPE, SIGCHLD};

static void reap_all(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

static void work(void) {
  reset_signals(inherited, 2);
  pid_t helper = fork();
  if (helper == 0)
    _exit(0);
  sleep(1);
}

int main(void) {
  signal(SIGCHLD, reap_all);
  for (int i = 0; i < 2; i++) {
    pid_t worker = fork();
    if (worker == 0)
      for (;;)
        work();
  }
  for (;;)
    pause();
}
