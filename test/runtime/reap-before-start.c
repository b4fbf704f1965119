// Four threads fork 200 children each while a reap-any SIGCHLD handler
// reaps them: the handler often reaps (and logs) a child before the forking
// thread has logged its start (about 300 of the 800 on the development
// machine).  Judged from the event log alone (--no-subreaper), the run must
// still be clean: a reap is matched with its start in either order.
// RUN: %cc -g -O0 -pthread -o %t %s
// RUN: %exit_status %reapcheck_run --no-subreaper -- %t > %t.out 2> %t.err
// RUN: %FileCheck %s < %t.out
// RUN: %FileCheck %s --check-prefix=QUIET --allow-empty < %t.err
// CHECK: reaped by the handler: 800
// CHECK-NEXT: exit: 0
// QUIET-NOT: reapcheck-run
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

enum { Threads = 4, PerThread = 200 };
static atomic_int Reaped;

static void onChild(int Sig) {
  int Saved = errno;
  while (waitpid(-1, NULL, WNOHANG) > 0)
    atomic_fetch_add(&Reaped, 1);
  errno = Saved;
}

static void *worker(void *Arg) {
  for (int I = 0; I < PerThread; ++I)
    if (fork() == 0) // no-warning: the handler reaps it
      _exit(0);
  return NULL;
}

int main(void) {
  struct sigaction Sa;
  memset(&Sa, 0, sizeof(Sa));
  Sa.sa_handler = onChild;
  Sa.sa_flags = SA_RESTART;
  sigaction(SIGCHLD, &Sa, NULL);
  pthread_t T[Threads];
  for (int I = 0; I < Threads; ++I)
    pthread_create(&T[I], NULL, worker, NULL);
  for (int I = 0; I < Threads; ++I)
    pthread_join(T[I], NULL);
  while (atomic_load(&Reaped) < Threads * PerThread)
    usleep(1000);
  printf("reaped by the handler: %d\n", atomic_load(&Reaped));
  return 0;
}
