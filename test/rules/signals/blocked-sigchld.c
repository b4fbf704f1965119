// A SIGCHLD handler cannot run while SIGCHLD is blocked.  A unit that
// blocks it in the parent (sigprocmask or pthread_sigmask with SIG_BLOCK,
// or SIG_SETMASK, of a set that holds SIGCHLD) and has no call that may let
// it in again (an unblock, a mask put back, sigsuspend, pselect, ppoll,
// sigwaitinfo, signalfd...) has a handler that never reaps: its starts are
// judged as if no handler were installed.  A block only in a child, in a
// function whose address is taken (a thread's start routine), or of a set
// without SIGCHLD does not count; an ignore still lets the kernel reap.
// A critical section (a block that saves the mask, and that mask put back
// by the same function) neither blocks for good nor lets in what was
// blocked before it.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DBLOCK=1
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DBLOCK=1 -DHELPER=1
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DSETMASK_BLOCK=1
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DBLOCK=1 -DCRITICAL=1
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -DCRITICAL=1
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -DBLOCK=1 -DUNBLOCK=1
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -DBLOCK=1 -DRESTORE=1
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -DBLOCK=1 -DSUSPEND=1
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -DBLOCK=1 -DIGNORE=1
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -DTHREAD=1 -pthread
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -DCHILD_BLOCK=1
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -DOTHER_SIGNAL=1
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static sigset_t saved;

static void on_chld(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

static void block_children(void) {
  sigset_t m;
  sigemptyset(&m);
#if OTHER_SIGNAL
  sigaddset(&m, SIGINT);
#else
  sigaddset(&m, SIGCHLD);
#endif
#if SETMASK_BLOCK
  sigprocmask(SIG_SETMASK, &m, &saved);
#elif THREAD
  pthread_sigmask(SIG_BLOCK, &m, NULL);
#else
  sigprocmask(SIG_BLOCK, &m, &saved);
#endif
}

#if THREAD
static void *worker(void *arg) {
  block_children();
  return arg;
}
#endif

void spawn_children(int n) {
  for (int i = 0; i < n; i++) {
#if CRITICAL
    sigset_t chld, old;
    sigemptyset(&chld);
    sigaddset(&chld, SIGCHLD);
    sigprocmask(SIG_BLOCK, &chld, &old);
#endif
    pid_t pid = fork();
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
    if (pid == 0) {
#if CHILD_BLOCK
      block_children();
#endif
      _exit(0);
    }
#if CRITICAL
    sigprocmask(SIG_SETMASK, &old, NULL);
#endif
  }
#if UNBLOCK
  sigset_t m;
  sigemptyset(&m);
  sigaddset(&m, SIGCHLD);
  sigprocmask(SIG_UNBLOCK, &m, NULL);
#elif RESTORE
  sigprocmask(SIG_SETMASK, &saved, NULL);
#endif
}

int main(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_chld;
  sa.sa_flags = SA_RESTART;
#if IGNORE
  sa.sa_flags |= SA_NOCLDWAIT;
#endif
  sigaction(SIGCHLD, &sa, NULL);
#if THREAD
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
#elif HELPER
  block_children();
#elif BLOCK || SETMASK_BLOCK
  sigset_t m;
  sigemptyset(&m);
  sigaddset(&m, SIGCHLD);
  sigprocmask(SIG_BLOCK, &m, NULL);
#endif
  for (;;) {
    spawn_children(3);
#if SUSPEND
    sigsuspend(&saved);
#else
    sleep(1);
#endif
  }
}
