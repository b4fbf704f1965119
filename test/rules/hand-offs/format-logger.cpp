// Shape 7 of issue 13 for a C++ logger method: format(printf, 2, 3) counts
// the implicit `this` as argument 1, so the variadic arguments start at the
// call's second argument.
// RUN: %check_tidy %s %t -- %tidy -- -std=c++17
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

struct Logger {
  __attribute__((format(printf, 2, 3))) void info(const char *fmt, ...);
  void keep(pid_t pid);
};

void logged_by_method(Logger &log) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(127);
  log.info("child %d", pid);
}

void kept_by_method(Logger &log) {
  pid_t pid = fork(); // no-warning: an unknown method may keep it
  if (pid == 0)
    _exit(127);
  log.keep(pid);
}
