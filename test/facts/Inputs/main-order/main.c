// A server with a helper mode: the helper runs before main installs the
// program's reaper (setup.c), and so does spawn_early() (early.c); the
// server's children (server.c) start after it.
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
