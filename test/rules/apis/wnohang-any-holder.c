// A holder polled with a WNOHANG reap of any child only once, in the
// stop() that killed it a moment before, is not reaped (the rule of
// wnohang-any.c): the child has usually not exited yet.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
// A drain right after the kill stops at the first 0: the same.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DDRAIN=1
#include <signal.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static pid_t worker;

void worker_start(void) {
  worker = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: child process started by 'fork' is kept in 'worker' and killed, but nothing in this file reaps it; kill() does not reap [process-unreaped-child]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: the child is stored in 'worker' here
  if (worker == 0)
    _exit(127);
}

void worker_stop(void) {
  kill(worker, SIGTERM);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: 'kill' in 'worker_stop' signals the child but does not reap it; call waitpid() after it
#if DRAIN
  while (waitpid(-1, NULL, WNOHANG) > 0)
    ;
#else
  waitpid(-1, NULL, WNOHANG);
#endif
}

