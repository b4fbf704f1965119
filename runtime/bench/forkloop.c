/* Per-start cost of reapcheck-run: N times fork (or posix_spawn of
 * /bin/true, or vfork) + waitpid, timed with CLOCK_MONOTONIC; prints the
 * mean microseconds per start+reap: wall clock, and CPU time (user+system)
 * of this process and of its children, which a busy shared machine
 * disturbs less than the wall clock.  Run it bare and under reapcheck-run
 * (runtime/bench/overhead.sh does both). */
#define _GNU_SOURCE
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static double cpu(int Who) {
  struct rusage U;
  getrusage(Who, &U);
  return U.ru_utime.tv_sec * 1e6 + U.ru_utime.tv_usec + U.ru_stime.tv_sec * 1e6 +
         U.ru_stime.tv_usec;
}

static double now(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return T.tv_sec * 1e6 + T.tv_nsec / 1e3;
}

int main(int Argc, char **Argv) {
  const char *Api = Argc > 1 ? Argv[1] : "fork";
  int N = Argc > 2 ? atoi(Argv[2]) : 2000;
  char *TrueArgv[] = {"true", NULL};
  double Start = now(), Self = cpu(RUSAGE_SELF), Kids = cpu(RUSAGE_CHILDREN);
  for (int I = 0; I < N; ++I) {
    pid_t Pid;
    if (strcmp(Api, "posix_spawn") == 0) {
      if (posix_spawn(&Pid, "/bin/true", NULL, NULL, TrueArgv, environ))
        return 1;
    } else if (strcmp(Api, "vfork") == 0) {
      if ((Pid = vfork()) == 0)
        _exit(0);
    } else if ((Pid = fork()) == 0) {
      _exit(0);
    }
    if (waitpid(Pid, NULL, 0) != Pid)
      return 1;
  }
  printf("%s wall %.1f cpu-self %.1f cpu-children %.1f us per start+reap (%d)\n",
         Api, (now() - Start) / N, (cpu(RUSAGE_SELF) - Self) / N,
         (cpu(RUSAGE_CHILDREN) - Kids) / N, N);
  return 0;
}
