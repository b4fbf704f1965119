// process-reaper-conflict with C++ libraries (real Boost 1.81 headers): a
// Boost.Process child's wait() in a program that ignores SIGCHLD fails with
// ECHILD, which Boost throws as a process_error.  Once the program restores
// SIG_DFL, nothing is reported.
// RUN: %check_tidy %s %t -- %tidy_reaper -- -std=c++17
#include <boost/process.hpp>
#include <csignal>

namespace bp = boost::process;

int build() {
  bp::child c("/bin/true");
  c.wait();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: call to wait() waits for one child, but this process leaves its children to the kernel (SIGCHLD ignored or SA_NOCLDWAIT); the wait fails with ECHILD and the exit status is lost [process-reaper-conflict]
  return c.exit_code();
}

int build_with_default() {
  std::signal(SIGCHLD, SIG_DFL);
  bp::child c("/bin/true");
  c.wait();
  return c.exit_code();
}

int main() {
  std::signal(SIGCHLD, SIG_IGN);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: SIGCHLD is set here to have the kernel reap every child
  return build();
}
