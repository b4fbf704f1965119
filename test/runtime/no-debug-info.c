// Without debug information the site is the first frame in the program's
// own code, by module offset and symbol (not libc's start-up code, which
// has line information when libc6-dbg is installed).
// RUN: %cc -O0 -o %t %s
// RUN: %exit_status %reapcheck_run -- %t 2> %t.err | %FileCheck %s --check-prefix=STATUS
// RUN: %FileCheck %s -DEXE=%t --match-full-lines < %t.err
// STATUS: exit: 66
// CHECK: reapcheck-run: unreaped child {{[0-9]+}} (zombie) started by fork at [[EXE]]+0x{{[0-9a-f]+}} in startWithoutDebugInfo
// CHECK-NEXT: reapcheck-run:     #0 [[EXE]]+0x{{[0-9a-f]+}} in startWithoutDebugInfo
// CHECK-NEXT: reapcheck-run:     #1 [[EXE]]+0x{{[0-9a-f]+}} in main
#include <unistd.h>

void startWithoutDebugInfo(void) {
  if (fork() == 0)
    _exit(0);
}

int main(void) {
  startWithoutDebugInfo();
  usleep(100 * 1000);
  return 0;
}
