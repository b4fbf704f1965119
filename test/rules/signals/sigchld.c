// SIGCHLD ignored (or SA_NOCLDWAIT) earlier in the function: the kernel reaps.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#define _GNU_SOURCE
#include <signal.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

void ignored_with_signal(void) {
  signal(SIGCHLD, SIG_IGN);
  pid_t pid = fork(); // no-warning: the kernel reaps
  if (pid == 0)
    _exit(0);
}

void ignored_with_sigaction_flags(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = SIG_DFL;
  sa.sa_flags = SA_NOCLDWAIT;
  sigaction(SIGCHLD, &sa, NULL);
  if (fork() == 0) // no-warning: SA_NOCLDWAIT
    _exit(0);
}

void ignored_with_sigaction_handler(void) {
  struct sigaction sa = {0};
  sa.sa_handler = SIG_IGN;
  sigaction(SIGCHLD, &sa, NULL);
  if (fork() == 0) // no-warning: SIG_IGN
    _exit(0);
}

void ignored_too_late(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  signal(SIGCHLD, SIG_IGN);
}

void other_signal_ignored(void) {
  signal(SIGPIPE, SIG_IGN);
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
}

void ignored_on_one_path_only(int quiet) {
  if (quiet)
    signal(SIGCHLD, SIG_IGN);
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
}

void handler_installed(void (*on_child)(int)) {
  struct sigaction sa = {0};
  sa.sa_handler = on_child;
  sigaction(SIGCHLD, &sa, NULL);
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
}

// One struct for several signals (neomutt's mutt_sig_init): SIG_IGN was set
// for SIGPIPE, then a handler that reaps nothing for SIGCHLD.  What counts
// is what the struct holds when SIGCHLD is installed.
static void note_child(int sig) { (void)sig; }

void struct_reused_for_sigchld(void) {
  struct sigaction act = {0};
  act.sa_handler = SIG_IGN;
  sigaction(SIGPIPE, &act, NULL);
  act.sa_handler = note_child;
  sigaction(SIGCHLD, &act, NULL);
  if (fork() == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    _exit(0);
  pause();
}

void struct_reused_then_ignored(void) {
  struct sigaction act = {0};
  act.sa_handler = note_child;
  sigaction(SIGUSR1, &act, NULL);
  act.sa_handler = SIG_IGN;
  sigaction(SIGCHLD, &act, NULL);
  if (fork() == 0) // no-warning: SIGCHLD ignored when it is installed
    _exit(0);
  pause();
}
