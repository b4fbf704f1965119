// Clang blocks: a start inside a block is analysed in the block; a block that
// reaps a captured pid reaps it where the block is created.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -fblocks
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void run(void (^work)(void));

void reaped_in_block(void) {
  pid_t pid = fork(); // no-warning: the block reaps
  if (pid == 0)
    _exit(0);
  run(^{
    waitpid(pid, NULL, 0);
  });
}

void start_in_block(void) {
  run(^{
    pid_t pid = fork();
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
    if (pid == 0)
      _exit(0);
  });
}
