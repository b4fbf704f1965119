// process-reaper-conflict: a SIGCHLD handler that reaps any child, installed
// by main, may take a child before the wait for it: the wait fails with
// ECHILD.  Not while SIGCHLD is blocked (sigprocmask, pthread_sigmask), nor
// in system(), which blocks SIGCHLD itself.  The handler's own waits (and
// those of the function it calls) are the reaper's, and conflict with
// nothing.
// RUN: %check_tidy %s %t -- %tidy_reaper -- -std=gnu11 -pthread
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static pid_t special = -1;
static int special_status;

static void reap_all(void) {
  // The reaper's own wait for one child conflicts with nothing.
  if (special > 0 && waitpid(special, &special_status, WNOHANG) == special)
    special = -1;
  while (waitpid(-1, NULL, WNOHANG) > 0)
    ;
}

static void on_child(int sig) {
  (void)sig;
  int status;
  if (special > 0 && waitpid(special, &status, WNOHANG) == special)
    special_status = status;
  reap_all();
}

int run_make(void) {
  FILE *p = popen("make", "r");
  if (!p)
    return -1;
  char line[128];
  while (fgets(line, sizeof line, p))
    ;
  int status = pclose(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: call to pclose() waits for one child, but the SIGCHLD handler 'on_child' may reap it first; the wait fails with ECHILD and the exit status is lost [process-reaper-conflict]
  return status;
}

int spawn_wait(void) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(1);
  int status;
  while (waitpid(pid, &status, 0) < 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: call to waitpid() waits for one child, but the SIGCHLD handler 'on_child' may reap it first; the wait fails with ECHILD and the exit status is lost [process-reaper-conflict]
    ;
  return status;
}

// Blocked from before the fork to after the wait: the handler waits.
int blocked(void) {
  sigset_t set, old;
  sigemptyset(&set);
  sigaddset(&set, SIGCHLD);
  sigprocmask(SIG_BLOCK, &set, &old);
  pid_t pid = fork();
  if (pid == 0)
    _exit(1);
  int status = -1;
  waitpid(pid, &status, 0);
  sigprocmask(SIG_SETMASK, &old, NULL);
  return status;
}

// Every signal blocked in this thread.
int all_blocked(void) {
  sigset_t all;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, NULL);
  pid_t pid = fork();
  if (pid == 0)
    _exit(1);
  int status = -1;
  waitpid(pid, &status, 0);
  return status;
}

// Unblocked before the wait: the handler may run again.
int unblocked_early(void) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGCHLD);
  sigprocmask(SIG_BLOCK, &set, NULL);
  pid_t pid = fork();
  if (pid == 0)
    _exit(1);
  sigprocmask(SIG_UNBLOCK, &set, NULL);
  int status = -1;
  waitpid(pid, &status, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: call to waitpid() waits for one child, but the SIGCHLD handler 'on_child' may reap it first; the wait fails with ECHILD and the exit status is lost [process-reaper-conflict]
  return status;
}

// A set without SIGCHLD blocks nothing that matters here.
int other_signal(void) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigprocmask(SIG_BLOCK, &set, NULL);
  FILE *p = popen("true", "r");
  return p ? pclose(p) : -1;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: call to pclose() waits for one child, but the SIGCHLD handler 'on_child' may reap it first; the wait fails with ECHILD and the exit status is lost [process-reaper-conflict]
}

int shell(void) { return system("make"); }

int main(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_child;
  sigaction(SIGCHLD, &sa, NULL);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: 'on_child', a SIGCHLD handler that reaps any child, is installed here
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: 'on_child', a SIGCHLD handler that reaps any child, is installed here
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: 'on_child', a SIGCHLD handler that reaps any child, is installed here
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: 'on_child', a SIGCHLD handler that reaps any child, is installed here
  return run_make() + spawn_wait() + blocked() + all_blocked() +
         unblocked_early() + other_signal() + shell();
}
