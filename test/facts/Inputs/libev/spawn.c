// Shared by both programs: starts a command and forgets it.
#include <unistd.h>

void spawn_detached(const char *cmd) {
  if (fork() == 0) {
    execl("/bin/sh", "sh", "-c", cmd, (char *)0);
    _exit(127);
  }
}

// Only wm calls it: every program reaching it reaps.
void spawn_terminal(void) {
  if (fork() == 0) {
    execl("/usr/bin/xterm", "xterm", (char *)0);
    _exit(127);
  }
}
