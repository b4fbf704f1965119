#ifndef NOTIFY_H
#define NOTIFY_H
#include <sys/types.h>
#include <unistd.h>

/* Fire and forget: nothing ever waits for this child.  Every translation
 * unit including this header sees the same start site. */
static inline void notify_async(void) {
  pid_t helper = fork();
  if (helper == 0)
    _exit(0);
}

#endif
