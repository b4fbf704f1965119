// A disposition belongs to the process: an ignore or a reaper installed
// only on the child's side of a fork covers that child and what the
// functions it calls start, not the parent.  Here the supervisor child
// installs a handler that reaps any child and runs supervise(); the parent
// goes on starting helpers with nothing to reap them.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
// With SIG_IGN instead of the handler, the same.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DIGNORE=1
// When the parent installs the handler as well, it covers every start of
// the unit: no warning at all.
// RUN: %check_tidy --prefix CHECK-PARENT %s %t -- %tidy -- -std=gnu11 -DPARENT_TOO=1
// A function is entered covered only when every call of it is made so:
// when the parent calls supervise() too, with SIGCHLD at its default, its
// children are judged by the unit's reapers (none), on the supervisor's
// side as well (the same code; one verdict per start).
// RUN: %check_tidy --prefix CHECK-SHARED %s %t -- %tidy -- -std=gnu11 -DSHARED=1
// RUN: %check_tidy --prefix CHECK-SHARED %s %t -- %tidy -- -std=gnu11 -DSHARED=1 -DIGNORE=1
#include <signal.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static void reap_all(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

static void supervise(void) {
  for (int i = 0; i < 3; i++)
    if (fork() == 0) // no-warning (but with SHARED): the supervisor's own handler (or ignore) reaps it
      // CHECK-SHARED: :[[@LINE-1]]:9: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
      _exit(0);
}

pid_t start_supervisor(void) {
  pid_t sup = fork(); // no-warning: returned to the caller
  if (sup == 0) {
#if IGNORE
    signal(SIGCHLD, SIG_IGN);
#else
    signal(SIGCHLD, reap_all);
#endif
    supervise();
    _exit(0);
  }
#if PARENT_TOO
  signal(SIGCHLD, reap_all);
#endif
#if SHARED
  supervise();
#endif
  return sup;
}

void notify(void) {
  if (fork() == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    // CHECK-SHARED: :[[@LINE-2]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    _exit(0);
}
