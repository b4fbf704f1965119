#include <sys/wait.h>

int monitor(void) {
  int status = 0;
  while (waitpid(-1, &status, 0) > 0)
    ;
  return status;
}
