#include <unistd.h>
#include <stdlib.h>
pid_t spawn_worker(void) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
  return pid;
}
