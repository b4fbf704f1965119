// The daemon: its server child calls child_init() (init.c), which ignores
// SIGCHLD, and then serves (serve.c); the parent goes on notifying
// (notify.c) with SIGCHLD at its default.
#include <stdlib.h>
#include <sys/types.h>
#include <unistd.h>

void child_init(void);
void serve(void);
void notify(void);

int main(void) {
  pid_t server = fork();
  if (server == 0) {
    child_init();
    serve();
    exit(0);
  }
  for (;;) {
    notify();
    sleep(1);
  }
}
