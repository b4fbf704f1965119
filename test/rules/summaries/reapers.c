// Functions of the translation unit that reap their parameter on every path
// are reaps; those that only look at it are harmless (passing the pid to
// them is not a hand-off); anything else may keep it (a hand-off).
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static pid_t saved;

static int reap_child(pid_t pid) {
  int status;
  if (pid <= 0)
    return -1;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return status;
}

static void log_pid(const char *what, pid_t pid) { printf("%s %d\n", what, pid); }
static void stop(pid_t pid) { kill(pid, SIGTERM); }
static void keep(pid_t pid) { saved = pid; }
static void reap_sometimes(pid_t pid, int now) {
  if (now)
    waitpid(pid, NULL, 0);
}
static void stop_and_reap(pid_t pid) {
  stop(pid);
  reap_child(pid);
}
static int recursive_reap(pid_t pid, int depth) {
  if (depth > 0)
    return recursive_reap(pid, depth - 1);
  return waitpid(pid, NULL, 0);
}

void reaped_by_summary(void) {
  pid_t pid = fork(); // no-warning: reap_child reaps on every path
  if (pid == 0)
    _exit(0);
  log_pid("started", pid);
  reap_child(pid);
}

void reaped_by_nested_summary(void) {
  pid_t pid = fork(); // no-warning: stop_and_reap reaps through reap_child
  if (pid == 0)
    _exit(0);
  stop_and_reap(pid);
}

void only_logged(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  log_pid("started", pid);
  stop(pid);
}

void kept_by_callee(void) {
  pid_t pid = fork(); // no-warning: keep() stores it in a global
  if (pid == 0)
    _exit(0);
  keep(pid);
}

void reaped_on_some_paths_by_callee(int now) {
  pid_t pid = fork(); // no-warning: reap_sometimes may reap: treated as a hand-off
  if (pid == 0)
    _exit(0);
  reap_sometimes(pid, now);
}

void recursion_is_conservative(void) {
  pid_t pid = fork(); // no-warning: a recursive callee is a hand-off
  if (pid == 0)
    _exit(0);
  recursive_reap(pid, 3);
}

void reaper_called_on_one_path(int quick) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is not reaped on every path [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  if (quick)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'quick' is true
    return;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'pid' is still unreaped when the function returns here
  reap_child(pid);
}
