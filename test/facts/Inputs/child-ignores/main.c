// The daemon: its child ignores SIGCHLD and serves (serve.c); the parent
// goes on notifying (notify.c) with SIGCHLD at its default.
#include <signal.h>
#include <stdlib.h>
#include <sys/types.h>
#include <unistd.h>

void serve(void);
void notify(void);

int main(void) {
  pid_t server = fork();
  if (server == 0) {
    signal(SIGCHLD, SIG_IGN);
    serve();
    exit(0);
  }
  for (;;) {
    notify();
    sleep(1);
  }
}
