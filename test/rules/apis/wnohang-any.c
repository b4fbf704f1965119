// A WNOHANG reap of any child reaps a child only once it has exited, as a
// WNOHANG wait for that child does (wnohang.c): run once right after the
// start, or once in a stop() right after the kill, it returns before the
// child exits.  Where it repeats (a loop that runs it again after it found
// nothing, a callback of a timer) it takes the child; a drain that stops at
// the first 0 runs once.  One rule for locals and holders
// (wnohang-any-holder.c, wnohang-any-tick.c).
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <signal.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void lone_poll(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(127);
  waitpid(-1, NULL, WNOHANG);
}

void lone_poll_discarded(void) {
  if (fork() == 0)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    _exit(127);
  waitpid(-1, NULL, WNOHANG);
}

// A server's loop runs the poll again for each connection.
void server_loop(int n) {
  for (int i = 0; i < n; ++i) {
    if (fork() == 0)
      _exit(0);
    waitpid(-1, NULL, WNOHANG);
  }
}

// A drain stops at the first 0: run once right after the start, it
// returns before the child exits (the ninth trial's t11).
void drain(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(127);
  while (waitpid(-1, NULL, WNOHANG) > 0)
    ;
}

void drain_by_break(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(127);
  for (;;) {
    pid_t done = waitpid(-1, NULL, WNOHANG);
    if (done <= 0)
      break;
  }
}

// A server's loop runs the drain again for each connection.
void drain_in_server_loop(int n) {
  for (int i = 0; i < n; ++i) {
    if (fork() == 0)
      _exit(0);
    while (waitpid(-1, NULL, WNOHANG) > 0)
      ;
  }
}

// A loop that goes on while the poll finds nothing waits for the child.
void busy_wait(void) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(127);
  while (waitpid(-1, NULL, WNOHANG) == 0)
    usleep(1000);
}

void until_no_child(void) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(127);
  for (;;) {
    pid_t done = waitpid(-1, NULL, WNOHANG);
    if (done < 0)
      break;
    usleep(1000);
  }
}
