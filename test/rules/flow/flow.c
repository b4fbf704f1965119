// Path flow: leaking exits, reaps that must be reachable from the start,
// noreturn calls, returns that are not exits.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int early_return(int fd) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is not reaped on every path [process-unreaped-child]
  if (pid < 0)
    return -1;
  if (pid == 0) {
    execlp("true", "true", (char *)NULL);
    _exit(127);
  }
  if (write(fd, "x", 1) != 1)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'write(fd, "x", 1) != 1' is true
    return -1;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'pid' is still unreaped when the function returns here
  waitpid(pid, NULL, 0);
  return 0;
}

void falls_off_end(int wait_for_it) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is not reaped on every path [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  if (wait_for_it)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'wait_for_it' is false
    waitpid(pid, NULL, 0);
}
// CHECK-MESSAGES: :[[@LINE-1]]:1: note: child process 'pid' is still unreaped when the function returns here

void wait_before_fork(void) {
  pid_t pid = 0;
  waitpid(pid, NULL, WNOHANG);
  pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
}

void wait_on_other_variable(pid_t other) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  waitpid(other, NULL, 0);
}

void two_children_one_reaped(void) {
  pid_t a = fork();
  if (a == 0)
    _exit(0);
  pid_t b = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: child process 'b' started by 'fork' is never reaped [process-unreaped-child]
  if (b == 0)
    _exit(0);
  waitpid(a, NULL, 0); // no-warning for 'a'
}

// Negative cases.
void noreturn_ends_paths(int bad) {
  pid_t pid = fork(); // no-warning: exit() and errx() end the process
  if (pid == 0)
    _exit(0);
  if (bad == 1)
    exit(1);
  if (bad == 2)
    errx(1, "bad");
  if (bad == 3)
    abort();
  waitpid(pid, NULL, 0);
}

__attribute__((noreturn)) void fatal(const char *msg);

void declared_noreturn(int bad) {
  pid_t pid = fork(); // no-warning: fatal() is declared noreturn
  if (pid == 0)
    _exit(0);
  if (bad)
    fatal("bad");
  waitpid(pid, NULL, 0);
}

static void die(const char *msg) {
  perror(msg);
  exit(1);
}

void inferred_noreturn(int bad) {
  pid_t pid = fork(); // no-warning: die() always ends in exit()
  if (pid == 0)
    _exit(0);
  if (bad)
    die("bad");
  waitpid(pid, NULL, 0);
}

void polling_loop(void) {
  pid_t pid = fork(); // no-warning: a WNOHANG poll is a reap
  if (pid == 0)
    _exit(0);
  while (waitpid(pid, NULL, WNOHANG) == 0)
    usleep(1000);
}

void wait4_reaps(void) {
  pid_t pid = fork(); // no-warning: wait4 reaps
  if (pid == 0)
    _exit(0);
  struct rusage usage;
  wait4(pid, NULL, 0, &usage);
}

void waitid_reaps(void) {
  siginfo_t info;
  pid_t pid = fork(); // no-warning: waitid(P_PID) reaps
  if (pid == 0)
    _exit(0);
  waitid(P_PID, pid, &info, WEXITED);
}

void waitid_p_all_is_reap_any(void) {
  siginfo_t info;
  pid_t pid = fork(); // no-warning: waitid(P_ALL) reaps any child
  if (pid == 0)
    _exit(0);
  waitid(P_ALL, 0, &info, WEXITED);
}

void waitid_other_idtype_is_not_a_reap(int pidfd) {
  siginfo_t info;
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  waitid(P_PIDFD, pidfd, &info, WEXITED);
}
