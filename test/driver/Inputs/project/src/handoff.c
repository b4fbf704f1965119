#include "notify.h"

pid_t start_worker(void) {
  pid_t worker = fork();
  if (worker == 0)
    _exit(0);
  return worker; /* the caller reaps it */
}
