// A child stored into a static variable at its start (util-linux login's
// `child_pid = fork();`) has a child side as a local's has, where the body
// writes the variable nowhere else (but to clear it): the child's setsid()
// makes it a leader, so the handler's group kill is right, and a kill of
// the leader alone is reported.
// RUN: %check_tidy %s %t -- %tidy_orphans -- -std=gnu11
#include <signal.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static pid_t child_pid;

static void forward(int sig) {
  if (child_pid > 0)
    kill(-child_pid, sig); // no-warning: the child leads its session
}

static void stop(void) {
  kill(child_pid, SIGTERM);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: call to kill() signals only child process 'child_pid', which leads its own process group; its descendants keep running [process-orphaned-descendants]
  // CHECK-MESSAGES: :[[@LINE-2]]:8: note: signal the whole group with kill(-child_pid, ...)
}

int run_session(void) {
  signal(SIGTERM, forward);
  child_pid = fork();
  if (child_pid < 0)
    exit(1);
  if (child_pid) {
    stop();
    while (waitpid(-1, NULL, 0) != -1) {
    }
    child_pid = 0; // A clear keeps the tests above about this child.
    exit(0);
  }
  setsid();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: 'child_pid' becomes the leader of a new session here
  execl("/bin/sh", "sh", (char *)0);
  _exit(127);
}
