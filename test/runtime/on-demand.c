// SIGUSR2 to reapcheck-run prints the children started and not reaped so
// far, while the program runs; the program itself is not disturbed.
// RUN: %cc -g -O0 -o %t %s
// RUN: %exit_status %reapcheck_run -- %t > %t.out 2> %t.err
// RUN: %FileCheck %s --check-prefix=STATUS < %t.out
// RUN: %FileCheck %s -DFILE=%s --match-full-lines < %t.err
// STATUS: exit: 0
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void) {
  pid_t Pid = fork();
  // CHECK: reapcheck-run: (now) unreaped child {{[0-9]+}} (running) started by fork at [[FILE]]:[[#@LINE-1]] in main
  // CHECK-NEXT: reapcheck-run: (now) 1 unreaped child
  // CHECK-NOT: {{.}}
  if (Pid == 0) {
    pause();
    _exit(0);
  }
  kill(getppid(), SIGUSR2); // getppid(): reapcheck-run
  // Wait until reapcheck-run has written its report to the stderr both
  // share (a fixed sleep raced with it on a loaded machine), 20 s at most.
  struct stat Err;
  for (int I = 0; I < 2000 && (fstat(2, &Err) != 0 || Err.st_size == 0); ++I)
    usleep(10 * 1000);
  kill(Pid, SIGTERM);
  waitpid(Pid, NULL, 0);
  return 0;
}
