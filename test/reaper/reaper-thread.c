// process-reaper-conflict: a thread whose start routine reaps any child
// over and over takes children whatever SIGCHLD's disposition and mask
// are, so a specific wait made after the thread's start may lose its child
// to it: reported, also with SIGCHLD blocked and after a SIG_DFL.  A wait
// made before the start, and any wait when the routine's loop ends on a
// failed reap, are not.  A thread started by another function of the unit
// counts at every function's start, as an install there does.
// RUN: %check_tidy --prefix CHECK-MAIN %s %t -- %tidy_reaper -- -std=gnu11 -D_GNU_SOURCE -pthread -DIN_MAIN=1
// RUN: %check_tidy %s %t -- %tidy_reaper -- -std=gnu11 -D_GNU_SOURCE -pthread
// RUN: %check_tidy --prefix CHECK-ENDS %s %t -- %tidy_reaper -- -std=gnu11 -D_GNU_SOURCE -pthread -DIN_MAIN=1 -DENDS=1
// RUN: %check_tidy --prefix CHECK-ENDS %s %t -- %tidy_reaper -- -std=gnu11 -D_GNU_SOURCE -pthread -DENDS=1
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static void *reaper(void *arg) {
  (void)arg;
  for (;;) {
    pid_t pid = waitpid(-1, NULL, 0);
#if ENDS
    if (pid < 0)
      break;
#else
    if (pid < 0)
      sleep(1);
#endif
  }
  return NULL;
}

#if IN_MAIN
int main(void) {
  sigset_t chld;
  int status = 0;
  pthread_t t;
  pid_t first = fork();
  if (first == 0)
    _exit(0);
  if (first > 0)
    waitpid(first, &status, 0); // no-warning: made before the thread starts
  pthread_create(&t, NULL, reaper, NULL);
  signal(SIGCHLD, SIG_DFL);
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  sigprocmask(SIG_BLOCK, &chld, NULL);
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
  if (pid > 0)
    waitpid(pid, &status, 0);
  // CHECK-MAIN: :[[@LINE-1]]:5: warning: call to waitpid() waits for one child, but the thread running 'reaper' may reap it first; the wait fails with ECHILD and the exit status is lost [process-reaper-conflict]
  // CHECK-MAIN: :[[@LINE-11]]:3: note: 'reaper', a start routine that reaps any child over and over, runs in a thread started here
  return status;
}
#else
void start_reaper(void) {
  pthread_t t;
  pthread_create(&t, NULL, reaper, NULL);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: 'reaper', a start routine that reaps any child over and over, runs in a thread started here
}

int run(const char *cmd) {
  int status = 0;
  pid_t pid = fork();
  if (pid == 0) {
    execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
    _exit(127);
  }
  if (pid > 0)
    waitpid(pid, &status, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: call to waitpid() waits for one child, but the thread running 'reaper' may reap it first; the wait fails with ECHILD and the exit status is lost [process-reaper-conflict]
  return status;
}
#endif
