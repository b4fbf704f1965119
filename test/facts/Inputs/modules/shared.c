// In no program, calling only the library both programs link: where it
// runs is not known, and its child is reported.
#include <unistd.h>

void lib_log(const char *msg);

void spawn_shared(void) {
  if (fork() == 0)
    _exit(0);
  lib_log("spawned");
}
