// A child kept in a std::optional member is a holder like a plain one: the
// assignment stores it (it is no hand-off to operator=), `*child_`,
// `child_->` and `child_.value()` are uses of the holder, and reset() or
// `= std::nullopt` only forget it.
// RUN: %check_tidy %s %t -- %tidy -- -std=c++17
#include <csignal>
#include <optional>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

class Helper {
public:
  void start() {
    child_ = fork();
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: child process started by 'fork' is kept in 'Helper::child_' and killed, but nothing in 'Helper' reaps it; kill() does not reap [process-unreaped-child]
    // CHECK-MESSAGES: :[[@LINE-2]]:5: note: the child is stored in 'Helper::child_' here
    if (*child_ == 0)
      _exit(0);
  }
  void stop() {
    if (child_)
      kill(*child_, SIGTERM);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: note: 'kill' in 'stop' signals the child but does not reap it; call waitpid() after it
    child_.reset();
  }

private:
  std::optional<pid_t> child_;
};

class HelperFixed {
public:
  void start() {
    child_ = fork(); // no-warning: stop() reaps child_
    if (child_.value() == 0)
      _exit(0);
  }
  void stop() {
    if (!child_)
      return;
    kill(*child_, SIGTERM);
    waitpid(child_.value(), nullptr, 0);
    child_ = std::nullopt;
  }

private:
  std::optional<pid_t> child_;
};

// Stored through a local: `child_ = pid` builds the optional from the pid
// (operator= takes an optional), which is the same store.  A single
// WNOHANG poll right after the kill does not reap.
class ViaLocal {
public:
  void start() {
    pid_t pid = fork();
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: child process started by 'fork' is kept in 'ViaLocal::child_' and killed, but nothing in 'ViaLocal' reaps it; kill() does not reap [process-unreaped-child]
    if (pid == 0)
      _exit(0);
    child_ = pid;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: the child is stored in 'ViaLocal::child_' here
  }
  void stop() {
    if (!child_)
      return;
    kill(*child_, SIGTERM);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: 'kill' in 'stop' signals the child but does not reap it; call waitpid() after it
    waitpid(*child_, nullptr, WNOHANG);
    child_.reset();
  }

private:
  std::optional<pid_t> child_;
};

class ViaLocalFixed {
public:
  void start() {
    pid_t pid = fork(); // no-warning: stop() reaps child_
    if (pid == 0)
      _exit(0);
    child_ = pid;
  }
  void stop() {
    if (!child_)
      return;
    kill(*child_, SIGTERM);
    waitpid(*child_, nullptr, 0);
    child_.reset();
  }

private:
  std::optional<pid_t> child_;
};

// A std::optional local is another name for the child, whether it is
// initialised from the pid or assigned it.
void local_killed() {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is killed but never reaped; kill() does not reap [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  std::optional<pid_t> child = pid;
  kill(*child, SIGTERM);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: 'kill' signals the child but does not reap it; call waitpid() after it
}

void local_reaped() {
  pid_t pid = fork(); // no-warning: reaped through the optional
  if (pid == 0)
    _exit(0);
  std::optional<pid_t> child;
  child = pid;
  kill(*child, SIGTERM);
  waitpid(*child, nullptr, 0);
}
