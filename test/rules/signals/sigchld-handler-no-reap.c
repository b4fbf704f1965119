// A SIGCHLD handler that does not reap (it only sets a flag) changes
// nothing.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <signal.h>
#include <sys/types.h>
#include <unistd.h>

static volatile sig_atomic_t got_child;
static void note_child(int sig) { got_child = sig; }

void spawn(void) {
  signal(SIGCHLD, note_child);
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
}
