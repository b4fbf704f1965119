// A server with a helper mode: the helper runs on a path where main
// installs nothing (setup.c installs the program's handler or ignore);
// spawn_early() (early.c) runs before the install, the server's children
// (server.c) after it.
#include <string.h>
#include <unistd.h>

int helper_main(void);
void spawn_early(void);
void setup(void);
void run_server(void);

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "helper") == 0)
    return helper_main();
  spawn_early();
  setup();
  for (;;) {
    run_server();
    pause();
  }
}
