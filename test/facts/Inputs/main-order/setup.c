// Installs the program's SIGCHLD handler, which reaps through reap.c.
#include <signal.h>
#include <stddef.h>

int reap_all(void);

static void on_chld(int sig) {
  (void)sig;
  reap_all();
}

void setup(void) {
  struct sigaction sa = {.sa_handler = on_chld};
  sigaction(SIGCHLD, &sa, NULL);
}
