/* One process: main installs a reaper (sig.c), then serve() resets
   SIGCHLD through worker.c's worker_init() and runs cgi.c's run_cgi(),
   which never waits: its children stay zombies. */
#include <stdio.h>

void install_reaper(void);
void worker_init(void);
int run_cgi(const char *script);

static void serve(void) {
  worker_init(); /* RESET */
  install_reaper(); /* AGAIN */
  for (int req = 0; req < 2; req++)
    printf("request %d: %d\n", req, run_cgi("echo ok"));
}

int main(void) {
  install_reaper();
  serve();
  return 0;
}
