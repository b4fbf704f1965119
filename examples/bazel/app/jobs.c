/* The planted leak: the worker is reaped, but not when logging fails. */
#include "app/jobs.h"

#include "lib/workers.h"

int run_job(const char *cmd, FILE *log) {
  pid_t pid = spawn_worker(cmd);
  if (pid < 0)
    return -1;
  if (fprintf(log, "started %s\n", cmd) < 0)
    return -1;
  return reap_worker(pid);
}
