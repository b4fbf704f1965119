#ifndef WORKER_H
#define WORKER_H
#include <unistd.h>
void stop_worker(void);
/* Only this header changes in the commit: a leak in an inline function. */
static inline void spawn_helper(void) {
  pid_t helper = fork();
  if (helper == 0)
    _exit(0);
}
#endif
