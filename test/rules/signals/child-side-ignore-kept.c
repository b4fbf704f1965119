// An ignore made on a child's side that ends in _exit is never undone by
// the function: its returns, all on the parent's side, never had it, so
// the children that child starts after it are the kernel's.  One the child
// puts back before it returns is undone, and covers none of them.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <signal.h>
#include <sys/types.h>
#include <unistd.h>

pid_t spawn_daemon(void) {
  pid_t pid = fork();
  if (pid < 0)
    return -1;
  if (pid == 0) {
    signal(SIGCHLD, SIG_IGN);
    for (int i = 0; i < 2; i++)
      if (fork() == 0) // no-warning: the kernel reaps it
        _exit(0);
    pause();
    _exit(0);
  }
  return pid;
}

pid_t spawn_returning(void) {
  pid_t pid = fork();
  if (pid == 0) {
    void (*old)(int) = signal(SIGCHLD, SIG_IGN);
    // CHECK-MESSAGES: :[[@LINE-1]]:24: note: SIGCHLD is ignored here, but this function puts it back before it returns: a child still running then becomes a zombie when it exits
    if (fork() == 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
      _exit(0);
    signal(SIGCHLD, old);
    return 0;
  }
  return pid;
}
