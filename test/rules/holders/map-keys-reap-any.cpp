// The usual job table: children kept as keys of a map, reaped by a wait
// for any child that then erases the key.  Without that wait (NO_REAP) the
// map's children are neglected.
// RUN: %check_tidy --prefix REAPS %s %t -- %tidy -- -std=c++17
// RUN: %check_tidy %s %t -- %tidy -- -std=c++17 -DNO_REAP
#include <csignal>
#include <map>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utility>

class Table {
public:
  void spawn() {
    pid_t pid = fork(); // no-warning: reapOne() reaps any child
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: child process started by 'fork' is kept in 'Table::kids_', but nothing in 'Table' reaps it [process-unreaped-child]
    if (pid == 0)
      _exit(0);
    kids_.insert(std::make_pair(pid, 0));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: the child is stored in 'Table::kids_' here
  }
  void reapOne() {
    int status;
#ifndef NO_REAP
    pid_t done = waitpid(-1, &status, 0);
#else
    pid_t done = kids_.empty() ? -1 : kids_.begin()->first;
#endif
    if (done > 0)
      kids_.erase(done);
  }

private:
  std::map<pid_t, int> kids_;
};
