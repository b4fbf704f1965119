// A program that starts many children with every API and reaps each one:
// no report at all, exit 0.
// RUN: %cc -g -O0 -pthread -o %t %s
// RUN: %exit_status %reapcheck_run -- %t > %t.out 2> %t.err
// RUN: %FileCheck %s < %t.out
// RUN: %FileCheck %s --check-prefix=QUIET --allow-empty < %t.err
// CHECK: started and reaped: 1200
// CHECK-NEXT: exit: 0
// QUIET-NOT: reapcheck-run
#include <pthread.h>
#include <spawn.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;
static char *TrueArgv[] = {"true", NULL};

static void *worker(void *Arg) {
  int *Count = Arg;
  for (int I = 0; I < 250; ++I) {
    pid_t Pid = fork();
    if (Pid == 0)
      _exit(0);
    if (waitpid(Pid, NULL, 0) == Pid)
      ++*Count;
  }
  return NULL;
}

int main(void) {
  int Counts[4] = {0};
  pthread_t T[4];
  for (int I = 0; I < 4; ++I)
    pthread_create(&T[I], NULL, worker, &Counts[I]);
  for (int I = 0; I < 4; ++I)
    pthread_join(T[I], NULL);
  int Total = Counts[0] + Counts[1] + Counts[2] + Counts[3];
  for (int I = 0; I < 100; ++I) {
    pid_t Pid;
    if (posix_spawn(&Pid, "/bin/true", NULL, NULL, TrueArgv, environ) == 0 &&
        waitpid(Pid, NULL, 0) == Pid)
      ++Total;
  }
  for (int I = 0; I < 100; ++I) {
    FILE *F = popen("true", "r");
    if (F && pclose(F) == 0)
      ++Total;
  }
  printf("started and reaped: %d\n", Total);
  return 0;
}
