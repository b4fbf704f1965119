#include <unistd.h>

void fire_and_forget(void) {
  pid_t pid = fork(); // NOLINT(process-unreaped-child): reaped by a SIGCHLD handler elsewhere
  if (pid == 0)
    _exit(0);
}
