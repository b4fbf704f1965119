// libev's default loop (EV_DEFAULT, ev_default_loop()) reaps every child of
// the process from its own SIGCHLD watcher, watched or not (i3 relies on it
// for the commands it starts); a loop made with ev_loop_new() does not.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DDEFAULT_LOOP=1
// RUN: %check_tidy --prefix CHECK-OWNLOOP %s %t -- %tidy -- -std=gnu11 -DDEFAULT_LOOP=0
#include <ev.h>
#include <sys/wait.h>
#include <unistd.h>

static void spawn_detached(const char *cmd) {
  if (fork() == 0) { // no-warning with DEFAULT_LOOP: the default loop reaps it
    // CHECK-OWNLOOP: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    execl("/bin/sh", "sh", "-c", cmd, (char *)0);
    _exit(127);
  }
}

struct job {
  pid_t pid;
};
static struct job last_job;

static void spawn_tracked(void) {
  pid_t pid = fork(); // no-warning with DEFAULT_LOOP: the default loop reaps it
  // CHECK-OWNLOOP: :[[@LINE-1]]:15: warning: child process started by 'fork' is kept in 'job::pid', but nothing in this file reaps it [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  if (pid > 0)
    last_job.pid = pid;
  // CHECK-OWNLOOP: :[[@LINE-1]]:5: note: the child is stored in 'job::pid' here
}

int main(void) {
#if DEFAULT_LOOP
  struct ev_loop *loop = EV_DEFAULT;
#else
  struct ev_loop *loop = ev_loop_new(0);
#endif
  spawn_detached("true");
  spawn_tracked();
  ev_run(loop, 0);
  return 0;
}
