// A failure predicate that latches its argument in a member or a static and
// tests the latch (fish-shell's posix_spawner_t::check_fail, where the first
// error wins) is the test of its argument.  A latch written from anything
// else is not.
// RUN: %check_tidy %s %t -- %tidy -- -std=c++17
#include <spawn.h>
#include <sys/types.h>
#include <sys/wait.h>

extern char **environ;

class spawner {
public:
  bool check_fail(int err) {
    if (error_ == 0)
      error_ = err;
    return error_ != 0;
  }
  bool check_fail_counted(int err) {
    if (error_ == 0)
      error_ = err;
    ++failures_;
    error_ += failures_; // Written from something else too.
    return error_ != 0;
  }
  bool check_fail_other(int err) {
    (void)err;
    return error_ != 0; // The latch is never given the argument.
  }
  int get_error() const { return error_; }

  pid_t spawn(char *const argv[]) {
    if (get_error())
      return -1;
    pid_t pid = -1; // no-warning: check_fail(r) is r != 0
    if (check_fail(posix_spawn(&pid, argv[0], nullptr, nullptr, argv, environ)))
      return -1;
    return pid;
  }

  pid_t spawn_counted(char *const argv[]) {
    pid_t pid = -1;
    if (check_fail_counted(posix_spawn(&pid, argv[0], nullptr, nullptr, argv, environ)))
      // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: child process 'pid' started by 'posix_spawn' is not reaped on every path [process-unreaped-child]
  // CHECK-MESSAGES: :[[@LINE-2]]:9: note: assuming the condition is true
      return -1;
    // CHECK-MESSAGES: :[[@LINE-1]]:7: note: child process 'pid' is still unreaped when the function returns here
    return pid;
  }

  pid_t spawn_other(char *const argv[]) {
    pid_t pid = -1;
    if (check_fail_other(posix_spawn(&pid, argv[0], nullptr, nullptr, argv, environ)))
      // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: child process 'pid' started by 'posix_spawn' is not reaped on every path [process-unreaped-child]
  // CHECK-MESSAGES: :[[@LINE-2]]:9: note: assuming the condition is true
      return -1;
    // CHECK-MESSAGES: :[[@LINE-1]]:7: note: child process 'pid' is still unreaped when the function returns here
    return pid;
  }

private:
  int error_ = 0;
  int failures_ = 0;
};

// The same latch in a variable of static storage.
static int last_error;
static bool failed_latched(int r) {
  last_error = r;
  return last_error < 0 || last_error > 0 ? true : false;
}
static bool nonzero_latched(int r) {
  last_error = r;
  return last_error != 0;
}

int run(char *const argv[]) {
  pid_t pid; // no-warning: nonzero_latched(r) is r != 0
  if (nonzero_latched(posix_spawn(&pid, argv[0], nullptr, nullptr, argv, environ)))
    return -1;
  int status;
  waitpid(pid, &status, 0);
  return status;
}

int run_unsummarised(char *const argv[]) {
  pid_t pid;
  if (failed_latched(posix_spawn(&pid, argv[0], nullptr, nullptr, argv, environ)))
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: child process 'pid' started by 'posix_spawn' is not reaped on every path [process-unreaped-child]
  // CHECK-MESSAGES: :[[@LINE-2]]:7: note: assuming the condition is true
    return -1;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'pid' is still unreaped when the function returns here
  int status;
  waitpid(pid, &status, 0);
  return status;
}
