// Shared by both programs: starts a command and forgets it.
#include <unistd.h>

void spawn_detached(const char *cmd) {
  if (fork() == 0) {
    execl("/bin/sh", "sh", "-c", cmd, (char *)0);
    _exit(127);
  }
}
