// Every API that starts a child is recorded with the file:line that called
// it; the same APIs followed by their reap are not reported.
// RUN: %cc -g -O0 -o %t %s -lutil
// RUN: %exit_status %reapcheck_run -- %t > %t.out 2> %t.err
// RUN: %FileCheck %s --check-prefix=STATUS < %t.out
// RUN: %FileCheck %s -DFILE=%s < %t.err
// STATUS: exit: 66
// From the log alone the same eight, and no thread or CLONE_PARENT sibling.
// RUN: %exit_status %reapcheck_run --no-subreaper -- %t > %t.out 2> %t.err
// RUN: %FileCheck %s --check-prefix=STATUS < %t.out
// RUN: %FileCheck %s --check-prefix=LOG < %t.err
// LOG: reapcheck-run: 8 unreaped children, 0 orphaned descendants (program exit status 0)
#define _GNU_SOURCE
#include <pty.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;
static char *TrueArgv[] = {"true", NULL};
static char Stack[64 * 1024], ThreadStack[64 * 1024];

static int cloneChild(void *Arg) { return 0; }

static void leakFork(void) {
  pid_t Pid = fork();
  // CHECK: reapcheck-run: unreaped child {{[0-9]+}} (zombie) started by fork at [[FILE]]:[[#@LINE-1]] in leakFork
  // CHECK-NEXT: reapcheck-run:     #0 [[FILE]]:[[#@LINE-2]] in leakFork
  // CHECK-NEXT: reapcheck-run:     #1 [[FILE]]:[[#@LINE+89]] in main
  if (Pid == 0)
    _exit(0);
}

static void leakVfork(void) {
  pid_t Pid = vfork();
  // CHECK: reapcheck-run: unreaped child {{[0-9]+}} (zombie) started by vfork at [[FILE]]:[[#@LINE-1]] in leakVfork
  if (Pid == 0)
    _exit(0);
}

static void leakUFork(void) {
  pid_t Pid = _Fork();
  // CHECK: reapcheck-run: unreaped child {{[0-9]+}} (zombie) started by _Fork at [[FILE]]:[[#@LINE-1]] in leakUFork
  if (Pid == 0)
    _exit(0);
}

static void leakClone(void) {
  clone(cloneChild, Stack + sizeof(Stack), SIGCHLD, NULL);
  // CHECK: reapcheck-run: unreaped child {{[0-9]+}} (zombie) started by clone at [[FILE]]:[[#@LINE-1]] in leakClone
}

static void leakSpawn(void) {
  pid_t Pid;
  posix_spawn(&Pid, "/bin/true", NULL, NULL, TrueArgv, environ);
  // CHECK: reapcheck-run: unreaped child {{[0-9]+}} (zombie) started by posix_spawn at [[FILE]]:[[#@LINE-1]] in leakSpawn
}

static void leakSpawnp(void) {
  posix_spawnp(NULL, "true", NULL, NULL, TrueArgv, environ);
  // CHECK: reapcheck-run: unreaped child {{[0-9]+}} (zombie) started by posix_spawnp at [[FILE]]:[[#@LINE-1]] in leakSpawnp
}

static void leakPopen(void) {
  FILE *F = popen("true", "r");
  // CHECK: reapcheck-run: unreaped child {{[0-9]+}} (zombie) started by popen at [[FILE]]:[[#@LINE-1]] in leakPopen
  char Buf[16];
  while (fgets(Buf, sizeof(Buf), F)) {
  }
}

static void leakForkpty(void) {
  int Master;
  pid_t Pid = forkpty(&Master, NULL, NULL, NULL);
  // CHECK: reapcheck-run: unreaped child {{[0-9]+}} (zombie) started by forkpty at [[FILE]]:[[#@LINE-1]] in leakForkpty
  if (Pid == 0)
    _exit(0);
  close(Master);
}

// no-warning: each of these is reaped by the call next to it.
static void reapedAll(void) {
  int Status;
  pid_t Pid = fork();
  if (Pid == 0)
    _exit(0);
  waitpid(Pid, &Status, 0);
  if ((Pid = vfork()) == 0)
    _exit(0);
  wait(NULL);
  if ((Pid = _Fork()) == 0)
    _exit(0);
  wait3(&Status, 0, NULL);
  Pid = clone(cloneChild, Stack + sizeof(Stack), SIGCHLD, NULL);
  waitpid(Pid, NULL, __WALL);
  posix_spawn(&Pid, "/bin/true", NULL, NULL, TrueArgv, environ);
  wait4(Pid, &Status, 0, NULL);
  posix_spawnp(&Pid, "true", NULL, NULL, TrueArgv, environ);
  siginfo_t Info;
  waitid(P_PID, Pid, &Info, WEXITED);
  pclose(popen("true", "r"));
  int Master;
  if ((Pid = forkpty(&Master, NULL, NULL, NULL)) == 0)
    _exit(0);
  close(Master);
  waitid(P_ALL, 0, NULL, WEXITED);
  // no-warning: a thread is not a child, and a CLONE_PARENT clone is a
  // sibling (reapcheck-run's child, which does not report it).
  clone(cloneChild, ThreadStack + sizeof(ThreadStack),
        CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD |
            CLONE_SYSVSEM,
        NULL);
  clone(cloneChild, Stack + sizeof(Stack), CLONE_PARENT, NULL);
}

int main(void) {
  reapedAll();
  leakFork();
  leakVfork();
  leakUFork();
  leakClone();
  leakSpawn();
  leakSpawnp();
  leakPopen();
  leakForkpty();
  // Let the last children exit, so that each is reported as a zombie.
  sleep(1);
  return 0;
}
// CHECK: reapcheck-run: 8 unreaped children, 0 orphaned descendants (program exit status 0)
