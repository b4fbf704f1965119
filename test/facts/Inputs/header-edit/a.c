#include <unistd.h>
#include "h.h"
pid_t spawn_worker(void);
void run_once(void) {
  pid_t pid = spawn_worker();
  if (pid > 0)
    REAP(pid);
}
