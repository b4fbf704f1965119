// once has no reaper: the other applets' reapers are not in its process.
// Its child is started by a helper that returns with it.
#include <unistd.h>

static void start(char **argv) {
  if (fork() == 0) {
    execvp(argv[1], argv + 1);
    _exit(127);
  }
}

int once_main(int argc, char **argv) {
  (void)argc;
  start(argv);
  pause();
  return 0;
}
