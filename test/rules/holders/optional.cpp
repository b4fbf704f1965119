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
