// Boost.Process v1 (real Boost 1.81 headers): a child object is started by
// construction, reaped by wait/wait_for/wait_until/terminate and by the
// destructor of an attached child; detach() ends that protection.
// RUN: %check_tidy %s %t -- %tidy -- -std=c++17
#include <boost/process.hpp>
#include <chrono>
#include <system_error>
#include <vector>

namespace bp = boost::process;

struct Pool {
  std::vector<bp::child> Children;
  bp::child Last;
};

void destructor_reaps() {
  bp::child c("/bin/true"); // no-warning: the destructor terminates and waits
}

void waited() {
  bp::child c(bp::search_path("true")); // no-warning: waited
  c.wait();
}

bool wait_for_reaps() {
  bp::child c("/bin/sleep", "1"); // no-warning: wait_for reaps when it returns true, the destructor otherwise
  return c.wait_for(std::chrono::seconds(2));
}

void detached() {
  bp::child c("/bin/true");
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: child process 'c' started by 'boost::process::child' is never reaped [process-unreaped-child]
  c.detach();
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'c' is detached here; its destructor no longer reaps it
}

void detached_then_waited_on_one_path(bool quick) {
  bp::child c("/bin/true");
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: child process 'c' started by 'boost::process::child' is not reaped on every path [process-unreaped-child]
  c.detach();
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'c' is detached here; its destructor no longer reaps it
  if (quick)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'quick' is true
    return;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'c' is still unreaped when the function returns here
  c.wait();
}

void detached_then_terminated() {
  bp::child c("/bin/sleep", "5"); // no-warning: terminate() kills and waits
  c.detach();
  c.terminate();
}

void detached_into_container(Pool &pool) {
  bp::child c("/bin/true"); // no-warning: moved into a container that outlives the function
  c.detach();
  pool.Children.push_back(std::move(c));
}

void constructed_in_place(Pool &pool) {
  pool.Children.emplace_back("/bin/true"); // no-warning: owned by the container
  pool.Children.push_back(bp::child("/bin/true")); // no-warning: moved into the container
}

bp::child returned() {
  bp::child c("/bin/true"); // no-warning: returned to the caller
  c.detach();
  return c;
}

void error_code_failure_branch() {
  std::error_code ec;
  bp::child c("/no/such/program", ec);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: child process 'c' started by 'boost::process::child' is not reaped on every path [process-unreaped-child]
  if (ec)
    return; // no-warning for this path: no child was started
  c.detach();
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'c' is detached here; its destructor no longer reaps it
  if (!c.valid())
    return; // no-warning for this path: no child
  if (c.running())
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'c.running()' is true
    return;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'c' is still unreaped when the function returns here
  c.wait();
}

void spawned() {
  bp::spawn("/bin/true");
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'boost::process::spawn' is discarded and can never be reaped [process-unreaped-child]
}

void attach_to_existing_pid(bp::pid_t pid) {
  bp::child c(pid); // no-warning: attaching to a pid starts nothing
  c.detach();
}

void temporary_is_reaped_at_once() {
  bp::child("/bin/true"); // no-warning: the temporary's destructor terminates and waits
}

void auto_and_alias() {
  auto c = bp::child("/bin/true");
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: child process 'c' started by 'boost::process::child' is never reaped [process-unreaped-child]
  c.detach();
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'c' is detached here; its destructor no longer reaps it
}

void thrown_through() {
  bp::child c("/bin/true"); // no-warning: unwinding runs the destructor
  throw std::runtime_error("x");
}
