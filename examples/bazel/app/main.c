#include "app/jobs.h"
#include "vendor/launcher.h"

int main(void) {
  pid_t job;
  if (launch_job("true", &job) == 0)
    job_wait(job);
  return run_job("echo hello", stdout) < 0;
}
