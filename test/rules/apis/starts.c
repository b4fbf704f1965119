// Every start API of the model, each with a leaking and a reaped use.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#define _GNU_SOURCE
#include <pty.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

void leak_fork(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
}

void leak_vfork(void) {
  pid_t child = vfork();
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: child process 'child' started by 'vfork' is never reaped [process-unreaped-child]
  if (child == 0)
    _exit(0);
}

void leak_underscore_fork(void) {
  pid_t pid = _Fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by '_Fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
}

static int child_main(void *arg) { return 0; }

void leak_clone(char *stack_top) {
  pid_t pid = clone(child_main, stack_top, SIGCHLD, NULL);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'clone' is never reaped [process-unreaped-child]
  (void)pid;
}

// CLONE_PARENT_SETTID: glibc's clone() also writes the pid to its fifth
// argument (test/rules/apis/clone-parent-tid.c has clone3).
pid_t clone_parent_tid(char *stack_top) {
  pid_t ptid;
  int r = clone(child_main, stack_top, CLONE_PARENT_SETTID | SIGCHLD, NULL, &ptid); // no-warning: returned as 'ptid'
  return r < 0 ? -1 : ptid;
}

void leak_syscall_fork(void) {
  long pid = syscall(SYS_fork);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: child process 'pid' started by 'syscall' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
}

void leak_syscall_clone3(void *args, size_t size) {
  long pid = syscall(SYS_clone3, args, size);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: child process 'pid' started by 'syscall' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
}

long not_a_start(void) {
  long tid = syscall(SYS_gettid); // no-warning: not a process start
  return tid;
}

void leak_forkpty(void) {
  int master;
  pid_t pid = forkpty(&master, NULL, NULL, NULL);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'forkpty' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  close(master);
}

void leak_posix_spawn(char **argv) {
  pid_t pid;
  posix_spawn(&pid, "/bin/true", NULL, NULL, argv, environ);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: child process 'pid' started by 'posix_spawn' is never reaped [process-unreaped-child]
}

void leak_posix_spawnp(char **argv) {
  pid_t worker;
  if (posix_spawnp(&worker, "true", NULL, NULL, argv, environ) != 0)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process 'worker' started by 'posix_spawnp' is never reaped [process-unreaped-child]
    return;
}

void leak_popen(void) {
  FILE *out = popen("ls", "r");
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'out' started by 'popen' is never reaped [process-unreaped-child]
  if (!out)
    return;
  char line[64];
  fgets(line, sizeof line, out);
}

// Negative cases: the same starts, reaped.
int ok_fork(void) {
  int status;
  pid_t pid = fork(); // no-warning: waited below
  if (pid < 0)
    return -1;
  if (pid == 0)
    _exit(0);
  waitpid(pid, &status, 0);
  return status;
}

void ok_syscall_fork(void) {
  long pid = syscall(SYS_fork); // no-warning: waited below
  if (pid == 0)
    _exit(0);
  waitpid(pid, NULL, 0);
}

void ok_forkpty(void) {
  int master;
  pid_t pid = forkpty(&master, NULL, NULL, NULL); // no-warning: waited below
  if (pid == 0)
    _exit(0);
  close(master);
  waitpid(pid, NULL, 0);
}

void ok_posix_spawn(char **argv) {
  pid_t pid;
  if (posix_spawn(&pid, "/bin/true", NULL, NULL, argv, environ) != 0)
    return; // no-warning: no child when posix_spawn fails
  waitpid(pid, NULL, 0);
}

int ok_popen(void) {
  FILE *out = popen("ls", "r"); // no-warning: pclose below
  if (out == NULL)
    return -1;
  return pclose(out);
}
