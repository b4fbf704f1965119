// sheredom's subprocess.h (the real header, test/models/Inputs/sheredom):
// subprocess_join reaps; subprocess_alive polls (nonzero while the child
// runs) and reaps a child that ended; subprocess_destroy does not reap;
// subprocess_terminate only kills.
// The header is included as a library header (-isystem), as a vendored
// dependency is: its own code is not the user's to fix.
// RUN: %check_tidy %s %t -- %tidy -- -D_GNU_SOURCE -isystem %model_inputs/sheredom
#include "subprocess.h"

int destroyed(const char *const argv[]) {
  struct subprocess_s process;
  if (subprocess_create(argv, 0, &process) != 0)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process 'process' started by 'subprocess_create' is never reaped [process-unreaped-child]
    return -1;
  return subprocess_destroy(&process);
}

int joined(const char *const argv[]) {
  struct subprocess_s process;
  int ret = -1;
  if (subprocess_create(argv, 0, &process) != 0) // no-warning: joined
    return -1;
  subprocess_join(&process, &ret);
  subprocess_destroy(&process);
  return ret;
}

void terminated(const char *const argv[]) {
  struct subprocess_s process;
  if (subprocess_create(argv, subprocess_option_inherit_environment, &process))
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process 'process' started by 'subprocess_create' is killed but never reaped; kill() does not reap [process-unreaped-child]
    return;
  subprocess_terminate(&process);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: 'subprocess_terminate' signals the child but does not reap it; call subprocess_join() after it
  subprocess_destroy(&process);
}

void alive_until_done(const char *const argv[]) {
  struct subprocess_s process;
  if (subprocess_create(argv, 0, &process)) // no-warning: the loop ends when alive() reaped
    return;
  while (subprocess_alive(&process))
    ;
  subprocess_destroy(&process);
}

int alive_once(const char *const argv[]) {
  struct subprocess_s process;
  if (subprocess_create(argv, 0, &process))
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process 'process' started by 'subprocess_create' is never reaped [process-unreaped-child]
    return -1;
  return subprocess_alive(&process);
}

int created_ex(const char *const argv[], const char *const env[]) {
  struct subprocess_s process;
  if (subprocess_create_ex(argv, 0, env, NULL, &process))
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process 'process' started by 'subprocess_create_ex' is never reaped [process-unreaped-child]
    return -1;
  return 0;
}

