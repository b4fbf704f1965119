#include "vendor/launcher.h"

#include <spawn.h>
#include <sys/wait.h>

extern char **environ;

int launch_job(const char *cmd, pid_t *job) {
  char *argv[] = {"sh", "-c", (char *)cmd, 0};
  return posix_spawn(job, "/bin/sh", 0, 0, argv, environ) == 0 ? 0 : -1;
}

void job_wait(pid_t job) { waitpid(job, 0, 0); }
