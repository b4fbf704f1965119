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

/* Collects again and again: its loop runs the drain after it found
   nothing. */
int reap_rounds(int rounds) {
  int n = 0;
  for (int i = 0; i < rounds; i++)
    n += reap_finished();
  return n;
}
