// once has no reaper: the other applets' reapers are not in its process.
#include <unistd.h>

int once_main(int argc, char **argv) {
  (void)argc;
  if (fork() == 0) {
    execvp(argv[1], argv + 1);
    _exit(127);
  }
  pause();
  return 0;
}
