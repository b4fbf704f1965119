// A condition the function cannot change (a by-value parameter, a global
// or a field it never writes, a local set once at its top) has the same
// outcome at each test: a child started, or still live, under one outcome
// never takes the other branch of a later test of the same condition.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <stdio.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

extern unsigned option_mask32;
#define OPT_X 4
void log_it(const char *what);
unsigned parse_options(char **argv);
int enabled(void);

int start_and_wait_under_option(char **argv) {
  pid_t pid = 0;
  if (option_mask32 & OPT_X) {
    pid = vfork(); // no-warning: waited under the same option test
    if (pid < 0)
      return -1;
    if (pid == 0) {
      execvp(argv[0], argv);
      _exit(127);
    }
  }
  log_it("working");
  if (option_mask32 & OPT_X)
    waitpid(pid, NULL, 0);
  return 0;
}

int wait_per_mode(int mode, char **argv) {
  pid_t pid = fork(); // no-warning: one of the two waits runs in each mode
  if (pid < 0)
    return -1;
  if (pid == 0) {
    execvp(argv[0], argv);
    _exit(127);
  }
  if (mode)
    waitpid(pid, NULL, 0);
  log_it("between");
  if (!mode)
    waitpid(pid, NULL, 0);
  return 0;
}

int options_set_once(char **argv) {
  unsigned opts;
  opts = parse_options(argv);
  FILE *out = NULL;
  if (opts & OPT_X)
    out = popen("sort", "w"); // no-warning: pclose()d under the same test
  else
    out = fopen("/tmp/out", "w");
  if (!out)
    return -1;
  fputs("data\n", out);
  if (opts & OPT_X)
    return pclose(out);
  return fclose(out);
}

struct options {
  int wait;
};

int wait_if_asked(const struct options *o, char **argv) {
  pid_t pid = -1;
  if (o->wait) {
    pid = fork(); // no-warning: waited under the same field test
    if (pid == 0) {
      execvp(argv[0], argv);
      _exit(127);
    }
  }
  log_it("started");
  if (o->wait && pid > 0)
    waitpid(pid, NULL, 0);
  return 0;
}

int mode_changed_between(int mode, char **argv) {
  pid_t pid = -1;
  if (mode) {
    pid = fork();
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: child process 'pid' started by 'fork' is not reaped on every path [process-unreaped-child]
    if (pid == 0) {
      execvp(argv[0], argv);
      _exit(127);
    }
  }
  mode = 0;
  if (mode)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'mode' is false
    waitpid(pid, NULL, 0);
  return 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: child process 'pid' is still unreaped when the function returns here
}

int field_changed_between(struct options *o, char **argv) {
  pid_t pid = -1;
  if (o->wait) {
    pid = fork();
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: child process 'pid' started by 'fork' is not reaped on every path [process-unreaped-child]
    if (pid == 0) {
      execvp(argv[0], argv);
      _exit(127);
    }
  }
  o->wait = 0;
  if (o->wait)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'o->wait' is false
    waitpid(pid, NULL, 0);
  return 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: child process 'pid' is still unreaped when the function returns here
}

int call_may_change(char **argv) {
  pid_t pid = -1;
  if (enabled()) {
    pid = fork();
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: child process 'pid' started by 'fork' is not reaped on every path [process-unreaped-child]
    if (pid == 0) {
      execvp(argv[0], argv);
      _exit(127);
    }
  }
  if (enabled())
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'enabled()' is false
    waitpid(pid, NULL, 0);
  return 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: child process 'pid' is still unreaped when the function returns here
}
