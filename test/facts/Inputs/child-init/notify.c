// Runs in the parent, whose SIGCHLD is at its default.
#include <sys/types.h>
#include <unistd.h>

void notify(void) {
  pid_t note = fork();
  if (note == 0)
    _exit(0);
}
