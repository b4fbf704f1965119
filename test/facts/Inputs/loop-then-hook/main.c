/* A container init: starts the service, waits for every child, then runs
   the stop hook (hooks.c), which forks and does not wait.  With EARLY, the
   hook runs before the loop, which then reaps its child too. */
#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>

pid_t spawn(const char *cmd);
void post_stop(int status);

int main(void) {
  int st = 0;
  spawn("service");
#ifdef EARLY
  post_stop(0);
#endif
  while (wait(&st) > 0)
    ;
#ifndef EARLY
  post_stop(st);
#endif
  return 0;
}
