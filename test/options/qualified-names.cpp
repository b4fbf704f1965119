// Option entries may be qualified names and methods.
// RUN: %check_tidy %s %t -- %tidy \
// RUN:   -config="{CheckOptions: [{key: process-unreaped-child.StartFunctions, value: 'proc::launch;Launcher::start;::global_start'}, {key: process-unreaped-child.ReapFunctions, value: 'Launcher::reap:0'}]}" -- -std=c++17
#include <sys/types.h>

namespace proc {
pid_t launch(const char *cmd);
}
namespace other {
pid_t launch(const char *cmd);
}
pid_t global_start();

struct Launcher {
  pid_t start(const char *cmd);
  void reap(pid_t pid);
};

void namespaced() {
  pid_t pid = proc::launch("ls");
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: child process 'pid' started by 'launch' is never reaped [process-unreaped-child]
  pid_t other_pid = other::launch("ls"); // no-warning: another namespace
  (void)pid;
  (void)other_pid;
}

void method(Launcher &l) {
  pid_t pid = l.start("ls");
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: child process 'pid' started by 'start' is never reaped [process-unreaped-child]
  (void)pid;
}

void method_reaped(Launcher &l) {
  pid_t pid = l.start("ls"); // no-warning: Launcher::reap reaps
  l.reap(pid);
}

void leading_colons() {
  pid_t pid = global_start();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'global_start' is never reaped [process-unreaped-child]
  (void)pid;
}
