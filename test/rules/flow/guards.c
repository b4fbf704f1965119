// A local set to a value that cannot be 0 together with a start says the
// child was started: its test's 0 edge is not a path of that child, until
// the local is written again.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <stdio.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void work(void);
void clear_flag(int *flag);
pid_t start_filter(FILE **out);

int flag_after_start(int want) {
  int started = 0;
  pid_t pid = -1;
  if (want) {
    pid = fork(); // no-warning: waited wherever 'started' is set
    if (pid == 0)
      _exit(0);
    if (pid < 0)
      return -1;
    started = 1;
  }
  work();
  if (started)
    waitpid(pid, NULL, 0);
  return 0;
}

int flag_before_start(int want) {
  int started = 0;
  pid_t pid = -1;
  if (want) {
    started = 1;
    pid = fork(); // no-warning: 'started' was set just before
    if (pid == 0)
      _exit(0);
    if (pid < 0)
      return -1;
  }
  work();
  if (started != 0)
    waitpid(pid, NULL, 0);
  return 0;
}

// neomutt's pager: the output stream kept aside is the filter's guard; it
// is not NULL, as proven by the test after fopen().
int pointer_guard(const char *filter, const char *name) {
  FILE *keep = NULL;
  pid_t pid = -1;
  FILE *out = fopen(name, "w");
  if (!out)
    return -1;
  if (filter) {
    keep = out;
    out = NULL;
    pid = start_filter(&out); // no-warning: 'keep' is set with it
    if (pid < 0) {
      fclose(keep);
      return -1;
    }
  }
  fputs("text\n", out);
  fclose(out);
  if (keep) {
    waitpid(pid, NULL, 0);
    fclose(keep);
  }
  return 0;
}

int guard_set_elsewhere(int want, int other) {
  int started = 0;
  pid_t pid = -1;
  if (want) {
    pid = fork();
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: child process 'pid' started by 'fork' is not reaped on every path [process-unreaped-child]
    if (pid == 0)
      _exit(0);
  }
  if (other)
    started = 1;
  if (started)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'started' is false
    waitpid(pid, NULL, 0);
  return 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: child process 'pid' is still unreaped when the function returns here
}

int guard_cleared(int want) {
  int started = 0;
  pid_t pid = -1;
  if (want) {
    pid = fork();
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: child process 'pid' started by 'fork' is not reaped on every path [process-unreaped-child]
    if (pid == 0)
      _exit(0);
    started = 1;
  }
  clear_flag(&started);
  if (started)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'started' is false
    waitpid(pid, NULL, 0);
  return 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: child process 'pid' is still unreaped when the function returns here
}

int guard_maybe_null(const char *filter, FILE *out) {
  FILE *keep = NULL;
  pid_t pid = -1;
  if (filter) {
    keep = out;
    pid = start_filter(&out);
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: child process 'pid' started by 'start_filter' is not reaped on every path [process-unreaped-child]
    if (pid < 0)
      return -1;
  }
  if (keep)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'keep' is false
    waitpid(pid, NULL, 0);
  return 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: child process 'pid' is still unreaped when the function returns here
}

pid_t start_filter(FILE **out) {
  int fd[2];
  if (pipe(fd))
    return -1;
  pid_t pid = fork(); // no-warning: returned
  if (pid == 0)
    _exit(0);
  if (pid < 0)
    return -1;
  *out = fdopen(fd[1], "w");
  return pid;
}
