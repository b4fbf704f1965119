// Returning from main is a process exit: orphans go to init (IgnoreMain).
// Overwrites still leak while main runs.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
  pid_t pid = fork(); // no-warning: returning from main ends the process
  if (pid == 0)
    _exit(0);
  if (fork() == 0) // no-warning: discarded, but main's return ends the process
    _exit(0);
  for (int i = 1; i < argc; i++) {
    pid_t worker = -1;
    worker = fork();
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: child process 'worker' started by 'fork' is never reaped [process-unreaped-child]
    if (worker == 0)
      _exit(0);
  }
  // A forking loop that can end: each round's discarded child is a zombie
  // while main goes on.
  while (argc-- > 6) {
    if (fork() == 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
      _exit(0);
  }
  if (argc > 5)
    return 1;
  return 0;
}
