// Real bug: TrilbyWhite/Blueplate, src/connman.c, connman() launched the
// click command with `if (cmd[0] && fork() == 0) execvp(...)`: the pid is
// discarded, so each click left a zombie.
//   first attempt: 9a3097e634af48c588dfbe91088518a8f51e7b99 (PR #5, parent
//                  eaa76536c4c2fb0630801331789803686716b2c5) put a wait() in
//                  the *child* after execvp: still a zombie per click (see
//                  blueplate-wait-in-child.c).
//   fix:           57e74aef20217dd652d814818fc5a2023e798cfe ("try #3 to fix
//                  zombie process"), parent 9a3097e6...: double fork, the
//                  parent waits for the intermediate child.
// Reproduction written for this test (same shape, not the project's code;
// the project passes NULL as waitpid's options, which clang rejects in C).
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void on_click_original(char **cmd) {
  if (cmd[0] && fork() == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    execvp(cmd[0], cmd);
}

void on_click_fixed(char **cmd) {
  if (!cmd[0])
    return;
  pid_t pid1, pid2;
  int status;
  if ((pid1 = fork()) < 0) // no-warning: the parent waits for it
    fprintf(stderr, "cannot fork\n");
  else {
    if (pid1 > 0)
      waitpid(pid1, &status, 0);
    else {
      if ((pid2 = fork()) < 0) // no-warning: its parent exits, init adopts it
        fprintf(stderr, "cannot fork again\n");
      else {
        if (pid2 > 0)
          exit(0);
        else
          execvp(cmd[0], cmd);
      }
    }
  }
}
