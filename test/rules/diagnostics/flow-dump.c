// REAPCHECK_DUMP_FLOW prints, for each analysed body, the state entering
// each block at the fixed point (LiveSet::dump): the live sites, detached
// objects, SIGCHLD's disposition, guards known non-zero, and per live site
// whether it is stored, the stable outcomes known and its guards.  Without
// the variable nothing is printed.
// RUN: env REAPCHECK_DUMP_FLOW=1 %tidy %s -- -std=gnu11 2>&1 | %FileCheck %s --match-full-lines
// RUN: %tidy %s -- -std=gnu11 2>&1 | count 0
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void reaped(int guard) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
  if (guard)
    kill(pid, SIGTERM);
  waitpid(pid, 0, 0);
}

// CHECK:      flow of 'reaped': 1 site(s), entry B6
// CHECK-NEXT:   B6: live{} detached{} sigchld=default nonzero{}
// CHECK-NEXT:   B5: live{} detached{} sigchld=default nonzero{}
// CHECK-NEXT:   B4: live{} detached{} sigchld=default nonzero{}
// CHECK-NEXT:   B3: live{0} detached{} sigchld=default nonzero{} | site 0: stored=none known{} guarded{}
// CHECK-NEXT:   B2: live{0} detached{} sigchld=default nonzero{0} | site 0: stored=none known{} guarded{0}
// CHECK-NEXT:   B1: live{0} detached{} sigchld=default nonzero{} | site 0: stored=none known{} guarded{}
// CHECK-NEXT:   B0: not reached
// CHECK-NOT: {{.}}
