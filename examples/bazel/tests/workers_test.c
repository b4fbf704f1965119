/* Starts a worker and reaps it in another file: no leak. */
#include "lib/workers.h"

int main(void) {
  pid_t pid = spawn_worker("exit 3");
  if (pid < 0)
    return 1;
  return reap_worker(pid) == 3 << 8 ? 0 : 1;
}
