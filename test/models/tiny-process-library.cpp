// tiny-process-library (the real header, test/models/Inputs/
// tiny-process-library): constructing a Process starts the child;
// get_exit_status() reaps; try_get_exit_status() polls; kill() only signals;
// ~Process does not wait.
// RUN: %check_tidy %s %t -- %tidy -- -std=c++17 -I%model_inputs/tiny-process-library
#include "process.hpp"

using TinyProcessLib::Process;

void killed() {
  Process p("sleep 10");
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: child process 'p' started by 'TinyProcessLib::Process' is killed but never reaped; kill() does not reap [process-unreaped-child]
  p.kill(true);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: 'kill' signals the child but does not reap it; call TinyProcessLib::Process::get_exit_status() after it
}

int waited() {
  Process p("true"); // no-warning: get_exit_status() waits
  return p.get_exit_status();
}

void polled_until_done() {
  Process p("true"); // no-warning: the loop ends when the poll reaped
  int status;
  while (!p.try_get_exit_status(status))
    ;
}

bool polled_once() {
  Process p("true");
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: child process 'p' started by 'TinyProcessLib::Process' is never reaped [process-unreaped-child]
  int status;
  return p.try_get_exit_status(status);
}

void function_child() {
  Process p([] {});
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: child process 'p' started by 'TinyProcessLib::Process' is never reaped [process-unreaped-child]
}
