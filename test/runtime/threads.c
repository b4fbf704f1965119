// Several threads start and reap children at once; one thread reaps a child
// another thread started.  Only the four children nobody reaps are reported.
// RUN: %cc -g -O0 -pthread -o %t %s
// RUN: %exit_status %reapcheck_run -- %t > %t.out 2> %t.err
// RUN: %FileCheck %s --check-prefix=STATUS < %t.out
// RUN: %FileCheck %s -DFILE=%s < %t.err
// STATUS: exit: 66
#include <pthread.h>
#include <stdint.h>
#include <sys/wait.h>
#include <unistd.h>

enum { Threads = 4, Rounds = 25 };
static pid_t Handed[Threads];

static void *worker(void *Arg) {
  intptr_t Index = (intptr_t)Arg;
  for (int I = 0; I < Rounds; ++I) {
    pid_t Pid = fork(); // no-warning: reaped on the next line
    if (Pid == 0)
      _exit(0);
    waitpid(Pid, NULL, 0);
  }
  pid_t Leaked = fork();
  // CHECK-COUNT-4: reapcheck-run: unreaped child {{[0-9]+}} (zombie) started by fork at [[FILE]]:[[#@LINE-1]] in worker
  if (Leaked == 0)
    _exit(0);
  Handed[Index] = fork(); // no-warning: main reaps it after the join
  if (Handed[Index] == 0)
    _exit(0);
  return NULL;
}

int main(void) {
  pthread_t T[Threads];
  for (intptr_t I = 0; I < Threads; ++I)
    pthread_create(&T[I], NULL, worker, (void *)I);
  for (int I = 0; I < Threads; ++I)
    pthread_join(T[I], NULL);
  for (int I = 0; I < Threads; ++I)
    waitpid(Handed[I], NULL, 0);
  sleep(1);
  return 0;
}
// CHECK-NOT: unreaped child
// CHECK: reapcheck-run: 4 unreaped children, 0 orphaned descendants (program exit status 0)
