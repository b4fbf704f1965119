// Boost.Process v2 (Boost 1.81): process objects reap in wait/async_wait/
// terminate and in the destructor; detach() hands out a raw handle that
// nothing reaps unless the code does.
// RUN: %check_tidy %s %t -- %tidy -- -std=c++17
#include <boost/asio/io_context.hpp>
#include <boost/process/v2.hpp>

namespace proc = boost::process::v2;

int waited(boost::asio::io_context &ctx) {
  proc::process p(ctx, "/bin/true", {}); // no-warning: waited
  return p.wait();
}

void destructor_reaps(boost::asio::io_context &ctx) {
  proc::process p(ctx, "/bin/sleep", {"1"}); // no-warning: the destructor terminates it
}

void async_waited(boost::asio::io_context &ctx) {
  proc::process p(ctx, "/bin/true", {}); // no-warning: async_wait reaps
  p.async_wait([](boost::system::error_code, int) {});
  ctx.run();
}

void detached_handle_dropped(boost::asio::io_context &ctx) {
  proc::process p(ctx, "/bin/true", {});
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: child process 'p' started by 'boost::process::v2::process' is never reaped [process-unreaped-child]
  auto handle = p.detach();
  // CHECK-MESSAGES: :[[@LINE-1]]:19: note: child process 'p' is detached here; its destructor no longer reaps it
  (void)handle.id();
}

void detached_handle_waited(boost::asio::io_context &ctx) {
  proc::process p(ctx, "/bin/true", {}); // no-warning: the detached handle is waited
  auto handle = p.detach();
  proc::native_exit_code_type status;
  handle.wait(status);
}

void attach_is_not_a_start(boost::asio::io_context &ctx, proc::pid_type pid) {
  proc::process p(ctx.get_executor(), pid); // no-warning: attaching starts nothing
  p.detach();
}
