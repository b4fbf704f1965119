// Poco (real headers): Process::launch returns a ProcessHandle that only
// wait() reaps; tryWait() is a poll returning -1 while the child runs;
// Process::kill() sends SIGKILL and does not reap; ~ProcessHandle does not
// wait.
// RUN: %check_tidy %s %t -- %tidy -- -std=c++17
#include <Poco/Process.h>
#include <string>
#include <unistd.h>
#include <vector>

using Args = std::vector<std::string>;

void killed(const Args &args) {
  Poco::ProcessHandle ph = Poco::Process::launch("/bin/sleep", args);
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: child process 'ph' started by 'Poco::Process::launch' is killed but never reaped; kill() does not reap [process-unreaped-child]
  Poco::Process::kill(ph);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: 'kill' signals the child but does not reap it; call Poco::Process::wait() after it
}

int waited(const Args &args) {
  Poco::ProcessHandle ph = Poco::Process::launch("/bin/true", args); // no-warning: wait() reaps
  return ph.wait();
}

int killed_then_waited(const Args &args) {
  Poco::ProcessHandle ph = Poco::Process::launch("/bin/sleep", args); // no-warning: Process::wait reaps
  Poco::Process::kill(ph);
  return Poco::Process::wait(ph);
}

int polled_once(const Args &args) {
  Poco::ProcessHandle ph = Poco::Process::launch("/bin/true", args);
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: child process 'ph' started by 'Poco::Process::launch' is never reaped [process-unreaped-child]
  return ph.tryWait();
}

void polled_until_done(const Args &args) {
  Poco::ProcessHandle ph = Poco::Process::launch("/bin/true", args); // no-warning: the loop ends only when tryWait reaped
  while (ph.tryWait() == -1)
    usleep(1000);
}

void polled_static_until_done(const Args &args) {
  Poco::ProcessHandle ph = Poco::Process::launch("/bin/true", args); // no-warning: as above, through Process::tryWait
  int code;
  while ((code = Poco::Process::tryWait(ph)) == -1)
    usleep(1000);
}

void discarded(const Args &args) {
  Poco::Process::launch("/bin/true", args);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: child process started by 'Poco::Process::launch' is discarded and can never be reaped [process-unreaped-child]
}

void early_return(const Args &args, bool quick) {
  Poco::ProcessHandle ph = Poco::Process::launch("/bin/true", args);
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: child process 'ph' started by 'Poco::Process::launch' is not reaped on every path [process-unreaped-child]
  if (quick)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'quick' is true
    return;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'ph' is still unreaped when the function returns here
  ph.wait();
}

Poco::ProcessHandle returned(const Args &args) {
  Poco::ProcessHandle ph = Poco::Process::launch("/bin/true", args); // no-warning: the caller gets it
  return ph;
}
