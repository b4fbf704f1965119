// An install in a function that runs only in children (every call of it is
// on the child's side of a fork, or in another such function) is the
// child's: it covers what the child goes on to call, not the parent.
// Here the server child calls child_init(), which ignores SIGCHLD (or
// installs a handler that reaps any child) through setup_signals(), and
// then serve(); the parent goes on notifying with nothing to reap.  The
// call of child_init() is the child's install for the rest of that
// process: a start the child makes itself after it is covered, one it
// makes before it is not.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DHANDLER=1
// When the parent calls child_init() too, or its address is taken, the
// install covers every start of the unit: no warning at all.
// RUN: %check_tidy --prefix CHECK-PARENT %s %t -- %tidy -- -std=gnu11 -DPARENT_TOO=1
// RUN: %check_tidy --prefix CHECK-PARENT %s %t -- %tidy -- -std=gnu11 -DADDRESS_TAKEN=1
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static void reap_all(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

static void setup_signals(void) {
#if HANDLER
  signal(SIGCHLD, reap_all);
#else
  signal(SIGCHLD, SIG_IGN);
#endif
}

static void child_init(void) { setup_signals(); }

static void serve(void) {
  for (int i = 0; i < 3; i++)
    if (fork() == 0) // no-warning: the server child's install reaps it
      _exit(0);
}

pid_t start_server(void) {
  pid_t server = fork(); // no-warning: returned to the caller
  if (server == 0) {
    for (int i = 0; i < 2; i++)
      if (fork() == 0)
        // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
        _exit(0);
    child_init();
    serve();
    for (int i = 0; i < 2; i++)
      if (fork() == 0) // no-warning: after the child's own install
        _exit(0);
    sleep(1);
    _exit(0);
  }
#if PARENT_TOO
  child_init();
#endif
#if ADDRESS_TAKEN
  atexit(child_init);
#endif
  return server;
}

void notify(void) {
  if (fork() == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    _exit(0);
}
