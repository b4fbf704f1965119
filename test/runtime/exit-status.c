// reapcheck-run exits with the program's own status when nothing leaked,
// with --error-exitcode (default 66) when the program exited 0 but left a
// child, with the program's non-zero status in any case, and dies of the
// signal that killed the program.
// RUN: %cc -g -O0 -o %t %s
// RUN: %exit_status %reapcheck_run -- %t clean 7 2> %t.err | %FileCheck %s --check-prefix=CLEAN7
// RUN: %FileCheck %s --check-prefix=QUIET --allow-empty < %t.err
// RUN: %exit_status %reapcheck_run -- %t clean 0 2> %t.err | %FileCheck %s --check-prefix=CLEAN0
// RUN: %exit_status %reapcheck_run -- %t leak 0 2> %t.err | %FileCheck %s --check-prefix=LEAK0
// RUN: %FileCheck %s -DFILE=%s --check-prefix=REPORT < %t.err
// RUN: %exit_status %reapcheck_run --error-exitcode 9 -- %t leak 0 2> %t.err | %FileCheck %s --check-prefix=LEAK0-9
// RUN: %exit_status %reapcheck_run -- %t leak 3 2> %t.err | %FileCheck %s --check-prefix=LEAK3
// RUN: %FileCheck %s -DFILE=%s --check-prefix=REPORT3 < %t.err
// RUN: %exit_status %reapcheck_run -- %t clean abort 2> %t.err | %FileCheck %s --check-prefix=ABORT
// RUN: %exit_status %reapcheck_run -- %t leak abort 2> %t.err | %FileCheck %s --check-prefix=ABORT
// A program that cannot be run: 127, as a shell says.
// RUN: %exit_status %reapcheck_run -- %t.does-not-exist 2> %t.err | %FileCheck %s --check-prefix=MISSING
// RUN: %FileCheck %s -DEXE=%t --check-prefix=MISSING-ERR < %t.err
// CLEAN7: exit: 7
// QUIET-NOT: reapcheck-run
// CLEAN0: exit: 0
// LEAK0: exit: 66
// LEAK0-9: exit: 9
// LEAK3: exit: 3
// ABORT: signal: 6
// MISSING: exit: 127
// MISSING-ERR: reapcheck-run: cannot run [[EXE]].does-not-exist: No such file or directory
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void leak(void) {
  if (fork() == 0)
    // REPORT: reapcheck-run: unreaped child {{[0-9]+}} ({{zombie|running}}) started by fork at [[FILE]]:[[#@LINE-1]] in leak
    // REPORT: reapcheck-run: 1 unreaped child, 0 orphaned descendants (program exit status 0)
    // REPORT3: reapcheck-run: unreaped child {{[0-9]+}} ({{zombie|running}}) started by fork at [[FILE]]:[[#@LINE-3]] in leak
    // REPORT3: reapcheck-run: 1 unreaped child, 0 orphaned descendants (program exit status 3)
    _exit(0);
}

int main(int Argc, char **Argv) {
  if (Argc < 3)
    return 2;
  if (strcmp(Argv[1], "leak") == 0)
    leak();
  if (strcmp(Argv[2], "abort") == 0)
    abort();
  return atoi(Argv[2]);
}
