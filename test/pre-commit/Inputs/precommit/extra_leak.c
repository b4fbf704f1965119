#include <signal.h>
#include <unistd.h>

#include "worker.h"

/* A new file, not in the compile database yet. */
void restart_worker(void) {
  pid_t pid = fork();
  if (pid == 0) {
    pause();
    _exit(0);
  }
  kill(pid, SIGKILL);
}
