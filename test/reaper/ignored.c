// process-reaper-conflict: a program whose setup() gives SIGCHLD
// SA_NOCLDWAIT leaves its children to the kernel, so every wait for one
// specific child fails with ECHILD (wait(2), NOTES).  A wait whose result
// and status nobody reads loses nothing; a function that restores SIG_DFL
// before its wait, or a wait for any child, is not reported.
// RUN: %check_tidy %s %t -- %tidy_reaper -- -std=gnu11
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void setup(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = SIG_DFL;
  sa.sa_flags = SA_NOCLDWAIT;
  sigaction(SIGCHLD, &sa, NULL);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: SIGCHLD is set here to have the kernel reap every child
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: SIGCHLD is set here to have the kernel reap every child
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: SIGCHLD is set here to have the kernel reap every child
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: SIGCHLD is set here to have the kernel reap every child
  // CHECK-MESSAGES: :[[@LINE-5]]:3: note: SIGCHLD is set here to have the kernel reap every child
}

int exit_code(void) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(3);
  int status;
  if (waitpid(pid, &status, 0) < 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: call to waitpid() waits for one child, but this process leaves its children to the kernel (SIGCHLD ignored or SA_NOCLDWAIT); the wait fails with ECHILD and the exit status is lost [process-reaper-conflict]
    return -1;
  return WEXITSTATUS(status);
}

int read_status(FILE *p) {
  return pclose(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: call to pclose() waits for one child, but this process leaves its children to the kernel (SIGCHLD ignored or SA_NOCLDWAIT); the wait fails with ECHILD and the exit status is lost [process-reaper-conflict]
}

int run_shell(void) {
  // system() blocks SIGCHLD while it waits, which does not stop the kernel.
  int r = system("exit 3");
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: call to system() waits for one child, but this process leaves its children to the kernel (SIGCHLD ignored or SA_NOCLDWAIT); the wait fails with ECHILD and the exit status is lost [process-reaper-conflict]
  return r;
}

int by_id(pid_t pid) {
  siginfo_t info;
  memset(&info, 0, sizeof info);
  waitid(P_PID, (id_t)pid, &info, WEXITED);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: call to waitid() waits for one child, but this process leaves its children to the kernel (SIGCHLD ignored or SA_NOCLDWAIT); the wait fails with ECHILD and the exit status is lost [process-reaper-conflict]
  return info.si_status;
}

int polled(pid_t pid) {
  int status;
  return waitpid(pid, &status, WNOHANG) > 0 ? status : -1;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: call to waitpid() waits for one child, but this process leaves its children to the kernel (SIGCHLD ignored or SA_NOCLDWAIT); the wait fails with ECHILD and the exit status is lost [process-reaper-conflict]
}

// Nothing read: the wait only waits for the end, which it still does.
void double_fork(void) {
  pid_t pid = fork();
  if (pid == 0) {
    if (fork() == 0)
      _exit(0);
    _exit(0);
  }
  waitpid(pid, NULL, 0);
  (void)waitpid(pid, NULL, 0);
}

void discard_stream(FILE *p) { pclose(p); }

void discard_command(void) { system("true"); }

// A wait for any child is no conflict: it takes whichever there is.
int any_child(void) {
  int status;
  return waitpid(-1, &status, 0) > 0 ? status : -1;
}

// SIG_DFL first: the children are this process's to reap again.
int restored(void) {
  signal(SIGCHLD, SIG_DFL);
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
  int status;
  return waitpid(pid, &status, 0) == pid ? status : -1;
}

// A saved disposition put back after the wait: the default around it.
int around(void) {
  void (*old)(int) = signal(SIGCHLD, SIG_DFL);
  int r = system("true");
  signal(SIGCHLD, old);
  return r;
}

int main(void) {
  setup();
  return exit_code() + run_shell() + restored() + around();
}
