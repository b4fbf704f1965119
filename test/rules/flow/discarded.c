// Handles that are never stored can only be reaped by a reap-any call.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <stdio.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void fire_and_forget(void) {
  if (fork() == 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    execlp("true", "true", (char *)NULL);
    _exit(127);
  }
}

void unused_popen(void) {
  popen("touch /tmp/x", "r");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: child process started by 'popen' is discarded and can never be reaped [process-unreaped-child]
}

void void_cast(void) {
  (void)fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
}

void reap_any_on_one_path(int wait_for_it) {
  if (fork() == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is not reaped on every path [process-unreaped-child]
    _exit(0);
  if (wait_for_it)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'wait_for_it' is false
    wait(NULL);
}
// CHECK-MESSAGES: :[[@LINE-1]]:1: note: child process is still unreaped when the function returns here

void reaped_by_wait(void) {
  if (fork() == 0) // no-warning: wait() reaps any child
    _exit(0);
  wait(NULL);
}

void reaped_by_waitpid_minus_one(void) {
  if (fork() == 0) // no-warning: waitpid(-1) reaps any child
    _exit(0);
  while (waitpid(-1, NULL, 0) > 0) {
  }
}

void reap_any_covers_stored_handles(void) {
  pid_t a = fork(); // no-warning: wait3 reaps whichever child exits
  if (a == 0)
    _exit(0);
  wait3(NULL, 0, NULL);
}

void reap_any_before_start_does_not_count(void) {
  wait(NULL);
  if (fork() == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    _exit(0);
}

void spawn_all_then_reap(int n) {
  for (int i = 0; i < n; i++)
    if (fork() == 0) // no-warning: every round's child is reaped after the loop
      _exit(0);
  while (wait(NULL) > 0) {
  }
}
