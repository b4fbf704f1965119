// A program this one execs is not checked unless --follow-exec: then a
// child it leaves behind when it exits is reported, named by its own start
// site and the process that started it.
// RUN: %cc -g -O0 -o %t %s
// RUN: %exit_status %reapcheck_run -- %t > %t.out 2> %t.err
// RUN: %FileCheck %s --check-prefix=STATUS-CLEAN < %t.out
// RUN: %FileCheck %s --check-prefix=QUIET --allow-empty < %t.err
// RUN: %exit_status %reapcheck_run --follow-exec -- %t > %t.out 2> %t.err
// RUN: %FileCheck %s --check-prefix=STATUS-LEAK < %t.out
// RUN: %FileCheck %s -DFILE=%s -DEXE=%t < %t.err
// STATUS-CLEAN: exit: 0
// STATUS-LEAK: exit: 66
// QUIET-NOT: reapcheck-run
#include <spawn.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static void leakInExecdImage(void) {
  if (fork() == 0)
    // CHECK: reapcheck-run: unreaped child {{[0-9]+}} (zombie) started by fork in process {{[0-9]+}} ([[EXE]]) at [[FILE]]:[[#@LINE-1]] in leakInExecdImage
    _exit(0);
  usleep(100 * 1000);
}

int main(int Argc, char **Argv) {
  if (Argc > 1 && strcmp(Argv[1], "execd") == 0) {
    leakInExecdImage();
    return 0;
  }
  char *Args[] = {Argv[0], "execd", NULL};
  pid_t Pid;
  posix_spawn(&Pid, "/proc/self/exe", NULL, NULL, Args, environ);
  waitpid(Pid, NULL, 0); // no-warning: the exec'd image is reaped
  return 0;
}
// CHECK: reapcheck-run: 1 unreaped child, 0 orphaned descendants (program exit status 0)
