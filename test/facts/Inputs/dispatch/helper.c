// Only the tool starts its helper: nothing reaps it.
#include <unistd.h>

void spawn_helper(void) {
  if (fork() == 0)
    _exit(0);
}
