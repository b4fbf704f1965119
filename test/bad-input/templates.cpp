// Unresolved templates and dependent calls.
// RUN: %check_tidy %s %t -- %tidy -- -std=c++17
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

template <typename Reaper> void dependent_reap(Reaper &r) {
  pid_t pid = fork(); // no-warning: r.reap() is unresolved, it may reap
  if (pid == 0)
    _exit(0);
  r.reap(pid);
}

template <typename T> void template_leak(T) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
}

template <typename T> T dependent_return() {
  pid_t pid = fork(); // no-warning: returned
  return T(pid);
}

// Two instantiations, one report: the definition is analysed once.
void instantiate() {
  template_leak(1);
  template_leak(2.0);
  template_leak('c');
}

template <typename T> void never_instantiated(T t) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  t.something(pid + 1);
}
