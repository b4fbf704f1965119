// Children kept in static variables by a pool: the kills of the pool's
// stop are judged by what each child kept there does as to groups.
// A child a start wrapper returns (`leader = start(1)`) leads whatever group
// the wrapper made it lead: its kills are not judged, whichever they are.
// One local used for two starts names the second child only after the
// second fork: the first child's setpgid(0, 0) does not make the second a
// leader, so the second's kill alone is right, and the first's is not.
// RUN: %check_tidy %s %t -- %tidy_orphans -- -std=gnu11
// The same through the driver, with the facts of the index pass (which
// record what group each holder's children have).
// RUN: rm -rf %t.dir && mkdir %t.dir && cp %s %t.dir/pool.c && cd %t.dir && python3 %S/../facts/Inputs/project/mkdb.py
// RUN: python3 %S/../driver/Inputs/run.py %build %llvm_major -p . --checks all > %t.dir/out 2> %t.dir/err
// RUN: %FileCheck %s --check-prefix=PROJECT --implicit-check-not=warning: < %t.dir/out
// PROJECT: pool.c:54:3: warning: call to kill() signals only child process 'pid', which leads its own process group; its descendants keep running [process-orphaned-descendants]
#include <signal.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static pid_t leader = -1, plain = -1;

static pid_t start(int lead) {
  pid_t pid = fork();
  if (pid == 0) {
    if (lead)
      setpgid(0, 0);
    execl("/bin/sh", "sh", "-c", "sleep 3 & wait", (char *)NULL);
    _exit(127);
  }
  return pid;
}

void pool_start(void) {
  leader = start(1);
  plain = start(0);
}

void pool_stop(void) {
  kill(-leader, SIGTERM); // no-warning: the wrapper decides its group
  waitpid(leader, NULL, 0);
  kill(plain, SIGTERM); // no-warning: the wrapper decides its group
  waitpid(plain, NULL, 0);
}

void pool_restart(void) {
  pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: 'pid' becomes the leader of a new process group here
    execl("/bin/sh", "sh", "-c", "sleep 3 & wait", (char *)NULL);
    _exit(127);
  }
  kill(pid, SIGTERM);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: call to kill() signals only child process 'pid', which leads its own process group; its descendants keep running [process-orphaned-descendants]
  // CHECK-MESSAGES: :[[@LINE-2]]:8: note: signal the whole group with kill(-pid, ...)
  waitpid(pid, NULL, 0);
  pid = fork();
  if (pid == 0) {
    execl("/bin/sh", "sh", "-c", "exec sleep 3", (char *)NULL);
    _exit(127);
  }
  kill(pid, SIGTERM); // no-warning: the second child leads no group
  waitpid(pid, NULL, 0);
}
