// A user model file's class rows: the constructor starts, finish() reaps,
// cancel() only signals.
// RUN: %check_tidy %s %t -- %tidy -config="{CheckOptions: [{key: process-unreaped-child.ModelFiles, value: '%model_inputs/user/launcher.yaml'}]}" -- -I%model_inputs/user
#include "launcher.h"

void cancelled() {
  Job j("sleep 10");
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process 'j' started by 'Job' is killed but never reaped; kill() does not reap [process-unreaped-child]
  j.cancel();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: 'cancel' signals the child but does not reap it; call Job::finish() after it
}

void finished() {
  Job j("true"); // no-warning: finish() reaps
  j.finish();
}

void overloads() {
  pid_t a, b, c; // no-warning for c: without flag 4 no child is started
  launch_in("/tmp", "true", &a, 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: child process 'a' started by 'launch_in' is never reaped [process-unreaped-child]
  launch_in("true", &b, 4 | 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: child process 'b' started by 'launch_in' is never reaped [process-unreaped-child]
  launch_in("true", &c, 1);
}

void flag_enum() {
  pid_t own, log; // no-warning for log: LaunchFlags::Log alone starts nothing
  launch_in("true", &own, LaunchFlags::Own | LaunchFlags::Log);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: child process 'own' started by 'launch_in' is never reaped [process-unreaped-child]
  launch_in("true", &log, LaunchFlags::Log);
}
