// An ignore or a reaper that its function undoes on every path before
// returning (SIG_DFL, or the saved disposition put back) covers only the
// calls made while it holds, not the unit: spawn() runs after
// run_detached() returned, and its children stay zombies.  Not the child
// run_detached() starts itself either: the kernel decides at the child's
// exit, which may come after the ignore is undone.  (notify(), called
// while it holds, is covered: the lean the .rst states.)
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DHANDLER=1
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DTO_DEFAULT=1
// RUN: %check_tidy --prefix CHECK-OWN %s %t -- %tidy -- -std=gnu11 -DOWN_CHILD=1
// Left in force, it covers every start of the unit: no warning.
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -DKEEP=1
// Left in force by a function that starts a child itself, it covers that
// child (the kernel reaps it), and is followed in that function's order
// only, as any install of a function that starts children.
// RUN: %check_tidy --prefix CHECK-KEPTOWN %s %t -- %tidy -- -std=gnu11 -DKEEP=1 -DOWN_CHILD=1
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

static void notify(void) {
  if (fork() == 0) // no-warning: called while the ignore or reaper holds
    // CHECK-KEPTOWN: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    _exit(0);
}

void run_detached(void) {
#if HANDLER
  void (*old)(int) = signal(SIGCHLD, reap_all);
#else
  void (*old)(int) = signal(SIGCHLD, SIG_IGN);
  // CHECK-OWN: :[[@LINE-1]]:22: note: SIGCHLD is ignored here, but this function puts it back before it returns: a child still running then becomes a zombie when it exits
#endif
  notify();
#if OWN_CHILD
  pid_t own = fork();
  // CHECK-OWN: :[[@LINE-1]]:15: warning: child process 'own' started by 'fork' is never reaped [process-unreaped-child]
  if (own == 0)
    _exit(0);
#endif
#if TO_DEFAULT
  signal(SIGCHLD, SIG_DFL);
#elif !KEEP
  signal(SIGCHLD, old);
#endif
  (void)old;
}

void spawn(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  // CHECK-OWN: :[[@LINE-2]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  // CHECK-KEPTOWN: :[[@LINE-3]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
}
