/* A batch runner: submits three jobs, collects those already done once,
   then goes on; nothing else reaps.  With LOOP, it collects again and
   again. */
#include <unistd.h>

int submit(const char *cmd);
int reap_finished(void);

int main(void) {
  int finished = 0;
  for (int i = 0; i < 3; i++)
    submit("sleep 1");
#ifdef LOOP
  for (int round = 0; round < 5; round++) {
    finished += reap_finished();
    sleep(1);
  }
#else
  finished = reap_finished();
#endif
  sleep(5);
  return finished;
}
