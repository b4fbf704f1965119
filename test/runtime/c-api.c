// reapcheck_unreaped_children() lists the calling process's children
// without reaping them; under reapcheck-run it also names their start
// sites, bare it still counts them.
// RUN: %cc -g -O0 -I%runtime_include -o %t %s -L%runtime_libdir -lreapcheck-runtime -Wl,-rpath,%runtime_libdir
// RUN: %exit_status %reapcheck_run -- %t > %t.out 2> %t.err
// RUN: %FileCheck %s -DFILE=%s --check-prefixes=CHECK,TOOL < %t.out
// RUN: %FileCheck %s --check-prefix=QUIET --allow-empty < %t.err
// RUN: %exit_status %t | %FileCheck %s --check-prefixes=CHECK,BARE
// QUIET-NOT: reapcheck-run
#include <reapcheck/runtime.h>

#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void) {
  pid_t Exited = fork();
  if (Exited == 0)
    _exit(0);
  pid_t Running = fork();
  if (Running == 0) {
    pause();
    _exit(0);
  }
  // Wait until the first one has exited, without reaping it (WNOWAIT is
  // not a reap for reapcheck-run either).
  siginfo_t Info;
  waitid(P_PID, Exited, &Info, WEXITED | WNOWAIT);
  struct reapcheck_child Kids[4];
  int N = reapcheck_unreaped_children(Kids, 4);
  // CHECK: unreaped: 2
  printf("unreaped: %d\n", N);
  for (int I = 0; I < N && I < 4; ++I)
    printf("%s %s %s at %s\n", Kids[I].pid == Exited ? "exited" : "running",
           Kids[I].state == 'Z' ? "zombie" : "alive",
           Kids[I].api[0] ? Kids[I].api : "-",
           Kids[I].site[0] ? Kids[I].site : "-");
  // TOOL-NEXT: exited zombie fork at [[FILE]]:[[#@LINE-21]] in main
  // TOOL-NEXT: running alive fork at [[FILE]]:[[#@LINE-19]] in main
  // BARE-NEXT: exited zombie - at -
  // BARE-NEXT: running alive - at -
  // Counting only, and the children are still there to be reaped.
  // CHECK-NEXT: count only: 2
  printf("count only: %d\n", reapcheck_unreaped_children(NULL, 0));
  kill(Running, SIGKILL);
  // CHECK-NEXT: reaped: 1 1
  printf("reaped: %d %d\n", waitpid(Exited, NULL, 0) == Exited,
         waitpid(Running, NULL, 0) == Running);
  // CHECK-NEXT: unreaped now: 0
  printf("unreaped now: %d\n", reapcheck_unreaped_children(Kids, 4));
  return 0;
}
// CHECK-NEXT: exit: 0
