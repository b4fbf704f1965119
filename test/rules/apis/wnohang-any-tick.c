// A holder taken by a WNOHANG reap of any child in a callback that runs
// again and again (its address is given to a timer) is reaped the
// event-loop way (the rule of wnohang-any.c).
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <signal.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void every_second(void (*tick)(void));

static pid_t worker;

void worker_start(void) {
  worker = fork(); // no-warning: on_tick reaps any exited child, again and again
  if (worker == 0)
    _exit(127);
}

static void on_tick(void) {
  if (waitpid(-1, NULL, WNOHANG) == worker)
    worker = -1;
}

void run(void) { every_second(on_tick); }
