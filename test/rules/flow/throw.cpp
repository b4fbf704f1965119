// An explicit throw leaving the function with a live child is a leak.
// RUN: %check_tidy %s %t -- %tidy -- -std=c++17
#include <stdexcept>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void throws_before_wait(bool bad) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is not reaped on every path [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  if (bad)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'bad' is true
    throw std::runtime_error("bad");
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'pid' is still unreaped when the exception leaves here
  waitpid(pid, nullptr, 0);
}

void throw_caught_inside(bool bad) {
  pid_t pid = fork(); // no-warning: the exception does not leave the function
  if (pid == 0)
    _exit(0);
  try {
    if (bad)
      throw std::runtime_error("bad");
  } catch (const std::exception &) {
  }
  waitpid(pid, nullptr, 0);
}

void reap_then_throw(bool bad) {
  pid_t pid = fork(); // no-warning: reaped before the throw
  if (pid == 0)
    _exit(0);
  if (bad) {
    waitpid(pid, nullptr, 0);
    throw std::runtime_error("bad");
  }
  waitpid(pid, nullptr, 0);
}
