// The child-side test sits on the right of `&&`: `if (cmd[0] && fork() == 0)`.
//
// Real bug: TrilbyWhite/Blueplate, src/connman.c, the first attempt to fix
// the click-command zombie, 9a3097e634af48c588dfbe91088518a8f51e7b99
// (PR #5, parent eaa76536c4c2fb0630801331789803686716b2c5), moved a wait()
// into the child after execvp(): it reaps nothing of the parent's, so every
// click still left a zombie until 57e74aef20217dd652d814818fc5a2023e798cfe.
// Reproduction written for this test (same shape, not the project's code).
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void on_click_first_attempt(char **cmd) {
  if (cmd[0] && fork() == 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    execvp(cmd[0], cmd);
    wait(NULL); // in the child: reaps nothing of the parent's
  }
}
