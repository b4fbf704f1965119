// Reaps the children that have exited; how many.
#include <stddef.h>
#include <sys/wait.h>

int reap_finished(void) {
  int n = 0;
  while (waitpid(-1, NULL, WNOHANG) > 0)
    n++;
  return n;
}
