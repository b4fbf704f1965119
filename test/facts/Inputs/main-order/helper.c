// The helper mode: SIGCHLD is still at its default.
#include <unistd.h>

int helper_main(void) {
  pid_t g = fork();
  if (g == 0)
    _exit(0);
  sleep(1);
  return 0;
}
