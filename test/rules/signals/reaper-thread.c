// A thread whose start routine reaps any child over and over reaps every
// child of the process (threads share their process's children), with no
// SIGCHLD needed: it covers the starts, also while SIGCHLD is blocked for
// a sigwaitinfo() loop.  A routine whose loop ends once no child is left
// (its condition is the reap, or it breaks or returns when the reap
// fails) covers nothing, nor does a routine that reaps no child, nor a
// thread started only in a child.  A routine that waits for SIGCHLD in
// sigwaitinfo() sees it only where the parent keeps it blocked: its own
// block (in the thread) does not count.
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -D_GNU_SOURCE -pthread -DFOREVER=1
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -D_GNU_SOURCE -pthread -DSIGWAIT=1
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -D_GNU_SOURCE -pthread -DHELPER=1
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -D_GNU_SOURCE -pthread -DFLAG=1
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -D_GNU_SOURCE -pthread -DFOREVER=1 -DC11=1
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -D_GNU_SOURCE -pthread -DSIGWAIT=1 -DTHREAD_BLOCKS=1
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -D_GNU_SOURCE -pthread -DUNTIL_NONE=1
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -D_GNU_SOURCE -pthread -DBREAK_ON_FAIL=1
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -D_GNU_SOURCE -pthread -DRETURN_ON_FAIL=1
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -D_GNU_SOURCE -pthread -DNO_REAP=1
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -D_GNU_SOURCE -pthread -DFOREVER=1 -DIN_CHILD=1
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <threads.h>
#include <unistd.h>

static volatile int running = 1;

#if HELPER
static void reap_forever(void) {
  for (;;) {
    while (waitpid(-1, NULL, WNOHANG) > 0) {
    }
    sleep(1);
  }
}
#endif

static void *reaper(void *arg) {
  (void)arg;
#if FOREVER
  for (;;) {
    pid_t pid = waitpid(-1, NULL, 0);
    if (pid < 0)
      sleep(1); // no child yet: wait for one
  }
#elif SIGWAIT
  sigset_t set;
  siginfo_t info;
  sigemptyset(&set);
  sigaddset(&set, SIGCHLD);
#if THREAD_BLOCKS
  pthread_sigmask(SIG_BLOCK, &set, NULL);
#endif
  for (;;) {
    if (sigwaitinfo(&set, &info) < 0)
      continue;
    while (waitpid(-1, NULL, WNOHANG) > 0) {
    }
  }
#elif HELPER
  reap_forever();
#elif FLAG
  while (running) {
    while (waitpid(-1, NULL, WNOHANG) > 0) {
    }
    usleep(100000);
  }
#elif UNTIL_NONE
  while (waitpid(-1, NULL, 0) > 0) {
  }
#elif BREAK_ON_FAIL
  for (;;)
    if (waitpid(-1, NULL, 0) < 0)
      break;
#elif RETURN_ON_FAIL
  for (;;) {
    pid_t pid = wait(NULL);
    if (pid == -1)
      return NULL;
  }
#else
  while (running)
    usleep(100000);
#endif
  return NULL;
}

#if C11
static int reaper_c11(void *arg) {
  reaper(arg);
  return 0;
}
#endif

static void start_reaper(void) {
#if C11
  thrd_t t;
  thrd_create(&t, reaper_c11, NULL);
#else
  pthread_t t;
  pthread_create(&t, NULL, reaper, NULL);
#endif
}

int main(void) {
#if SIGWAIT && !THREAD_BLOCKS
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGCHLD);
  pthread_sigmask(SIG_BLOCK, &set, NULL);
#endif
#if IN_CHILD
  pid_t helper = fork();
  if (helper == 0) {
    start_reaper();
    _exit(0);
  }
  waitpid(helper, NULL, 0);
#else
  start_reaper();
#endif
  for (;;) {
    if (fork() == 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
      _exit(0);
    sleep(1);
  }
}
