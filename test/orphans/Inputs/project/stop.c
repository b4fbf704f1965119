// Stops the helper that spawn.c started.
#include "helper.h"
#include <signal.h>
#include <stddef.h>
#include <sys/wait.h>

void stop_helper(void) {
  kill(helper, SIGTERM);
  waitpid(helper, NULL, 0);
}
