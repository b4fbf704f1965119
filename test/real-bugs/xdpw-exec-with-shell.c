// Real bug: emersion/xdg-desktop-portal-wlr, src/screencast/screencast.c,
// exec_with_shell() forked a shell for exec_before/exec_after and never waited
// for it: one zombie per screencast start and stop.
//   fix:    9ef1d6aa2b611fdc2b6146d705dec44aacc92893 (PR #162)
//   parent: 5f5a29ccfdbd24e7efd874eb8317fb01e908a301
// The fix double-forks: the parent reaps the intermediate child, which exits
// at once, so the grandchild is adopted by init.  Reproduction written for
// this test (same shape, not the project's code).
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void run_hook_before(char *cmd) {
  pid_t child = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: child process 'child' started by 'fork' is never reaped [process-unreaped-child]
  if (child < 0) {
    perror("fork");
  } else if (child == 0) {
    char *const argv[] = {"sh", "-c", cmd, NULL};
    execvp("sh", argv);
    perror("execvp");
    exit(127);
  }
}

void run_hook_after(char *cmd) {
  pid_t middle = fork(); // no-warning: reaped by the waitpid below
  if (middle < 0) {
    perror("fork");
    return;
  } else if (middle == 0) {
    pid_t grandchild = fork(); // no-warning: its parent _exits at once, init adopts it
    if (grandchild < 0) {
      perror("fork");
    } else if (grandchild == 0) {
      char *const argv[] = {"sh", "-c", cmd, NULL};
      execvp("sh", argv);
      perror("execvp");
      _exit(127);
    }
    _exit(0);
  }
  int status;
  if (waitpid(middle, &status, 0) < 0)
    perror("waitpid");
}
