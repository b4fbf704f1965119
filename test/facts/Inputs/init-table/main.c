/* A daemon: its init steps (init.c), then its workers (pool.c). */
#include <unistd.h>

int run_init_steps(void);
void spawn_workers(int n);

int main(void) {
  if (run_init_steps() != 0)
    return 1;
  spawn_workers(3);
  for (;;)
    pause();
}
