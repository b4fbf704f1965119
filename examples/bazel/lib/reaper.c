/* The reaper of the workers spawn.c starts: seen by the other files of a
   program only through the project facts. */
#include "lib/workers.h"

#include <sys/wait.h>

int reap_worker(pid_t pid) {
  int status = 0;
  waitpid(pid, &status, 0);
  return status;
}
