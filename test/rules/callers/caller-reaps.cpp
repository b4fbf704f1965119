// C++ shapes of the caller rule (test/rules/callers/caller-reaps.c has the C
// ones): a function of internal linkage whose every caller reaps any child
// after the call leaves its child to them, but only when the unit sees
// every use.  A method is named by member expressions, a call in a template
// may be resolved to any overload, and a default argument runs where the
// function with it is called: none of those is followed.
// RUN: %check_tidy %s %t -- %tidy -- -std=c++17
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

void spawn_helper() {
  if (fork() == 0) // no-warning: every caller reaps any child after it
    _exit(0);
}

struct Spawner {
  static void spawn() {
    if (fork() == 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
      _exit(0);
  }
};

void spawn_overloaded(int) {
  if (fork() == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    _exit(0);
}
void spawn_overloaded(const char *) {}

int spawn_for_default() {
  if (fork() == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    _exit(0);
  return 0;
}

} // namespace

void run_reaping() {
  spawn_helper();
  while (wait(nullptr) > 0) {
  }
}

void run_method() {
  Spawner::spawn();
  while (wait(nullptr) > 0) {
  }
  Spawner S;
  S.spawn();
  while (wait(nullptr) > 0) {
  }
}

template <class T> void run_later(T Arg) { spawn_overloaded(Arg); }

void run_overloaded() {
  spawn_overloaded(1);
  while (wait(nullptr) > 0) {
  }
}

void with_default(int Ignored = spawn_for_default());

void run_default() {
  spawn_for_default();
  while (wait(nullptr) > 0) {
  }
}
