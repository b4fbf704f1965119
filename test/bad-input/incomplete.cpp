// Incomplete types and invalid member calls: no crash, no guess.
// RUN: %check_tidy --allow-compile-errors %s %t -- %tidy -- -std=c++17
// The errors are really there (so the silence above is the skip, not luck):
// RUN: not %tidy %s -- -std=c++17 > %t.out 2>&1
// RUN: %FileCheck %s --input-file=%t.out --implicit-check-not=process-unreaped-child
// CHECK: error: field has incomplete type 'Incomplete'
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

struct Incomplete;
struct Holder {
  Incomplete member;
};

void incomplete_member(Incomplete &i) {
  pid_t pid = fork(); // no-warning: the body has errors
  i.reap(pid);
}

auto broken_lambda = [](int x) {
  pid_t pid = fork(); // no-warning: the translation unit has errors
  return pid + undeclared;
};
