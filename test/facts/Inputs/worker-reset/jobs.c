// The worker's job, entered with SIGCHLD reset by server.c's worker().
#include <sys/types.h>
#include <unistd.h>

void run_job(void) {
  pid_t helper = fork();
  if (helper == 0)
    _exit(0);
}
