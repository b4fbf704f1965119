/* A batch runner: submits three jobs, collects those already done once,
   then goes on; nothing else reaps.  With LOOP, it collects again and
   again, itself; with ROUNDS, through reap.c's reap_rounds(). */
#include <unistd.h>

int submit(const char *cmd);
int reap_finished(void);
int reap_rounds(int rounds);

int main(void) {
  int finished = 0;
  for (int i = 0; i < 3; i++)
    submit("sleep 1");
#ifdef LOOP
  for (int round = 0; round < 5; round++) {
    finished += reap_finished();
    sleep(1);
  }
#elif defined(ROUNDS)
  finished = reap_rounds(5);
#else
  finished = reap_finished();
#endif
  sleep(5);
  return finished;
}
