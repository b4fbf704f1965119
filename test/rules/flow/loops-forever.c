// A call of a function that loops forever (its body has no return and
// ends in an endless loop no break leaves, or in a call of such a
// function) ends the path without ending the process: the children live
// there stay unreaped while it runs; those the parent started are not the
// child's, on the child's side of a start; a SIGCHLD reset in it does not
// come back to its caller.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
// With a handler that reaps any child (in server()), every start of the
// unit is its: server()'s too, since its workers do not come back.
// RUN: %check_tidy --prefix CHECK-HANDLER %s %t -- %tidy -- -std=gnu11 -DWITH_HANDLER=1
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int serve_one(void);

static void serve(void) {
  for (;;) {
    if (serve_one() < 0)
      _exit(1);
  }
}

static void serve_all(void) { serve(); }

// Leaves its loop with a break: it returns.
static void serve_until_done(void) {
  while (1) {
    if (serve_one() == 0)
      break;
  }
}

// Reaps any child as it serves.
static void serve_reaping(void) {
  for (;;) {
    while (waitpid(-1, NULL, WNOHANG) > 0)
      ;
    if (serve_one() < 0)
      _exit(1);
  }
}

void helper_then_serve(void) {
  pid_t helper = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: child process 'helper' started by 'fork' is never reaped [process-unreaped-child]
  if (helper == 0)
    _exit(0);
  serve_all();
  waitpid(helper, NULL, 0);
}

void helper_on_some_paths(int quick) {
  pid_t helper = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: child process 'helper' started by 'fork' is not reaped on every path [process-unreaped-child]
  if (helper == 0)
    _exit(0);
  if (quick) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'quick' is true
    serve();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'helper' is still unreaped here, and no path from here reaps it or leaves the function
  }
  waitpid(helper, NULL, 0);
}

void helper_until_done(void) {
  pid_t helper = fork(); // no-warning: serve_until_done() returns
  if (helper == 0)
    _exit(0);
  serve_until_done();
  waitpid(helper, NULL, 0);
}

void helper_reaped_while_serving(void) {
  pid_t helper = fork(); // no-warning: the loop reaps any child
  if (helper == 0)
    _exit(0);
  serve_reaping();
}

// A serving loop written inline, left only through exit: the exit is an
// end, and the children live when the loop starts count as released there
// (a limit the .rst states).
void helper_then_inline_serving(void) {
  if (fork() == 0) // no-warning: taken to be released at the exit
    _exit(0);
  for (;;) {
    if (serve_one() < 0)
      exit(1);
  }
}

// A loop a break leaves runs on to the reap after it.
void helper_then_breakable(void) {
  if (fork() == 0) // no-warning: reaped after the loop
    _exit(0);
  for (;;) {
    int r = serve_one();
    if (r < 0)
      exit(1);
    if (r == 0)
      break;
  }
  wait(NULL);
}

// The workers serve forever on their side: the logger, the parent's, is
// not theirs, and the parent waits for it.
void prefork(void) {
  pid_t logger = fork(); // no-warning: reaped by the parent
  if (logger == 0)
    _exit(0);
  for (int i = 0; i < 2; i++) {
    pid_t w = fork();
    if (w == 0)
      serve();
    if (w > 0)
      waitpid(w, NULL, 0);
  }
  waitpid(logger, NULL, 0);
}

#if WITH_HANDLER
// A worker restores SIG_DFL and serves forever: it does not come back to
// the loop, whose next fork is still the handler's.
static void reap(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0)
    ;
}

static void worker_main(void) {
  signal(SIGCHLD, SIG_DFL);
  serve();
}

void server(void) {
  signal(SIGCHLD, reap);
  for (int i = 0; i < 2; i++) {
    pid_t w = fork(); // no-warning: the handler reaps it
    if (w == 0)
      worker_main();
  }
}
#endif
