// Closures: a reap inside a lambda counts from where the lambda is created;
// starts inside a lambda are analysed in the lambda.
// RUN: %check_tidy %s %t -- %tidy -- -std=c++17
#include <csignal>
#include <cstdio>
#include <sys/types.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

void watcher_thread() {
  pid_t pid = fork(); // no-warning: the watcher thread reaps it
  if (pid == 0)
    _exit(0);
  std::thread watcher([pid] { waitpid(pid, nullptr, 0); });
  watcher.detach();
}

void kill_only_lambda() {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is killed but never reaped; kill() does not reap [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  auto stop = [pid] { kill(pid, SIGKILL); };
  // CHECK-MESSAGES: :[[@LINE-1]]:23: note: 'kill' signals the child but does not reap it; call waitpid() after it
  stop();
}

void reaping_lambda_created_too_late(bool early) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is not reaped on every path [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  if (early)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'early' is true
    return;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'pid' is still unreaped when the function returns here
  auto reap = [&] { waitpid(pid, nullptr, 0); };
  reap();
}

void init_capture_alias() {
  pid_t pid = fork(); // no-warning: reaped through the init-capture 'p'
  if (pid == 0)
    _exit(0);
  auto reap = [p = pid] { waitpid(p, nullptr, 0); };
  reap();
}

void nested_lambda() {
  pid_t pid = fork(); // no-warning: the inner lambda reaps
  if (pid == 0)
    _exit(0);
  auto outer = [&] {
    auto inner = [&] { waitpid(pid, nullptr, 0); };
    inner();
  };
  outer();
}

auto start_in_lambda = [](bool fail) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is not reaped on every path [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  if (fail)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'fail' is true
    return -1;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'pid' is still unreaped when the function returns here
  waitpid(pid, nullptr, 0);
  return 0;
};

auto start_in_lambda_returned = [] {
  pid_t pid = fork(); // no-warning: returned to the lambda's caller
  if (pid == 0)
    _exit(0);
  return pid;
};

void start_in_lambda_into_outer(pid_t &out) {
  pid_t pid = 0;
  auto start = [&] { pid = fork(); }; // no-warning here: stored into the enclosing function's variable
  start();
  out = pid;
}
