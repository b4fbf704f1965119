// A handler that runs once (SA_RESETHAND) is read as SIG_DFL for the
// program (one-shot-handler.c), but its one run reaps the next child: a
// start that follows such an install on every path of its function, with
// no other start between them, is covered; the starts after it are not.
// The install may be made in the function (INLINE) or by a call of a
// function of the unit that makes one (arm_reaper()).
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DINLINE=1
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static void on_chld(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

static void arm_reaper(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_chld;
  sa.sa_flags = SA_RESTART | SA_RESETHAND;
  sigaction(SIGCHLD, &sa, NULL);
}

#if INLINE
#define ARM()                                                                  \
  do {                                                                         \
    struct sigaction sa;                                                       \
    memset(&sa, 0, sizeof sa);                                                 \
    sa.sa_handler = on_chld;                                                   \
    sa.sa_flags = SA_RESETHAND;                                                \
    sigaction(SIGCHLD, &sa, NULL);                                             \
  } while (0)
#else
#define ARM() arm_reaper()
#endif

// Armed again before each step: each child is the next one.
void run_steps(int n) {
  for (int i = 0; i < n; i++) {
    ARM();
    if (fork() == 0) // no-warning: the one run reaps it
      _exit(0);
    sleep(1);
  }
}

// Armed once for two children: the second is left a zombie.
void run_pair(void) {
  ARM();
  if (fork() == 0) // no-warning: the one run reaps it
    _exit(0);
  if (fork() == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    _exit(0);
}

// Armed on one path only: no cover.
void run_maybe(int armed) {
  if (armed)
    ARM();
  if (fork() == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    _exit(0);
}

int main(void) {
  arm_reaper();
  run_steps(3);
  run_pair();
  run_maybe(0);
  return 0;
}
