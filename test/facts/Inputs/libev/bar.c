// Only in program wm: left to its default loop.
#include <unistd.h>

void spawn_bar(void) {
  if (fork() == 0)
    _exit(0);
}
