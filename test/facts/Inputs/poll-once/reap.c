#include <stdio.h>
#include <sys/wait.h>

int reap_finished(void) {
  int st, n = 0;
  pid_t p;
  while ((p = waitpid(-1, &st, WNOHANG)) > 0) {
    printf("job %d done\n", (int)p);
    n++;
  }
  return n;
}
