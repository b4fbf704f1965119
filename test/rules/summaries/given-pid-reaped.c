// A function that returns its child's pid or writes it through a pointer
// parameter, and reaps that child itself on every path, is not a start
// wrapper: its caller is told the pid of a child already reaped.  One that
// reaps only on some paths (its failure paths) still hands the child to
// its caller.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <signal.h>
#include <spawn.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;
int setup_fails(void);
static void log_group(int pgid) { (void)pgid; }

// The caller may signal the group while it runs; the child is waited for
// before every return, by a poll in a loop or after the kill.
static int run_with_timeout(const char *cmd, long ms, int *pgid_out) {
  pid_t pid;
  int st;
  char *argv[] = {"sh", "-c", (char *)cmd, NULL};
  if (posix_spawn(&pid, "/bin/sh", NULL, NULL, argv, environ) != 0)
    return -1;
  *pgid_out = (int)pid;
  for (long waited = 0; waited < ms; waited += 50) {
    struct timespec t = {0, 50000000L};
    if (waitpid(pid, &st, WNOHANG) == pid)
      return st;
    nanosleep(&t, NULL);
  }
  kill(pid, SIGTERM);
  waitpid(pid, &st, 0);
  return -1;
}

void run_tasks(void) {
  int pg = -1; // no-warning: run_with_timeout reaped its child
  int st = run_with_timeout("exit 0", 500, &pg);
  log_group(pg);
  (void)st;
}

// Reaps its child only when the setup fails: on success the child is the
// caller's.
static int start_helper(int *out) {
  pid_t pid = fork();
  if (pid < 0)
    return -1;
  if (pid == 0) {
    execl("/bin/true", "true", (char *)NULL);
    _exit(127);
  }
  if (setup_fails()) {
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
    return -1;
  }
  *out = pid;
  return 0;
}

void forgets_helper(void) {
  int p;
  if (start_helper(&p) == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process 'p' started by 'start_helper' is never reaped [process-unreaped-child]
    log_group(p);
}

void waits_helper(void) {
  int p;
  if (start_helper(&p) == 0)
    waitpid(p, NULL, 0);
}

// Waits only when told to: the child written out may be left live.
static int maybe_wait(int *out, int wait_now) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
  if (pid < 0)
    return -1;
  *out = pid;
  if (wait_now)
    waitpid(pid, NULL, 0);
  return 0;
}

void forgets_maybe(void) {
  int p;
  if (maybe_wait(&p, 1) == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process 'p' started by 'maybe_wait' is never reaped [process-unreaped-child]
    log_group(p);
}

// Waits for its child, then returns the pid for the caller's log.
static pid_t run_sync(const char *path) {
  pid_t pid = fork();
  if (pid == 0) {
    execl(path, path, (char *)NULL);
    _exit(127);
  }
  if (pid > 0)
    waitpid(pid, NULL, 0);
  return pid;
}

void logs_sync_run(void) {
  pid_t done = run_sync("/bin/true"); // no-warning: run_sync reaped it
  log_group(done);
}

// Waits only when the child failed to exec: on success the caller has it.
static pid_t run_async(const char *path, int check) {
  pid_t pid = fork();
  if (pid == 0) {
    execl(path, path, (char *)NULL);
    _exit(127);
  }
  if (pid > 0 && check && waitpid(pid, NULL, WNOHANG) == pid)
    return -1;
  return pid;
}

void forgets_async_run(void) {
  pid_t p = run_async("/bin/true", 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: child process 'p' started by 'run_async' is never reaped [process-unreaped-child]
  log_group(p);
}
