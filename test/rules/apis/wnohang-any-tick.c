// A holder taken by a WNOHANG reap of any child in a callback that runs
// again and again (its address is given to a timer) is reaped the
// event-loop way (the rule of wnohang-any.c).
// RUN: %check_tidy --prefix POLLS %s %t -- %tidy -- -std=gnu11
// Without the tick's poll (-DNO_POLL) nothing reaps the holder: the silence
// above is the poll's doing.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DNO_POLL
#include <signal.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void every_second(void (*tick)(void));

static pid_t worker;

void worker_start(void) {
  worker = fork(); // no-warning: on_tick reaps any exited child, again and again
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: child process started by 'fork' is kept in 'worker', but nothing in this file reaps it [process-unreaped-child]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: the child is stored in 'worker' here
  if (worker == 0)
    _exit(127);
}

static void on_tick(void) {
#ifndef NO_POLL
  if (waitpid(-1, NULL, WNOHANG) == worker)
    worker = -1;
#endif
}

void run(void) { every_second(on_tick); }
