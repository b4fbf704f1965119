// A user model file (ModelFiles) describes the project's own API with the
// same rows as the built-in models.
// RUN: %check_tidy %s %t -- %tidy -config="{CheckOptions: [{key: process-unreaped-child.ModelFiles, value: '%model_inputs/user/launcher.yaml'}]}" -- -I%model_inputs/user
// Without it, the calls are unknown functions.
// RUN: %check_tidy --prefix CHECK-NONE %s %t -- %tidy -- -I%model_inputs/user
#include "launcher.h"

void stopped(void) {
  pid_t job;
  if (launch_job("sleep 10", &job) != 0)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process 'job' started by 'launch_job' is killed but never reaped; kill() does not reap [process-unreaped-child]
    return;
  job_stop(job);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: 'job_stop' signals the child but does not reap it; call waitpid() after it
}

int waited(void) {
  pid_t job; // no-warning: job_wait reaps
  if (launch_job("true", &job) != 0)
    return -1;
  return job_wait(job);
}

int polled(void) {
  pid_t job;
  if (launch_job("true", &job) != 0)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process 'job' started by 'launch_job' is never reaped [process-unreaped-child]
    return -1;
  return job_poll(job, 1);
}
