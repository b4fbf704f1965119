/* The monitor: forks its workers, then watches them.  The parent starts
   the logger here too, where its reaper thread runs. */
#include <sys/types.h>
#include <unistd.h>

void start_logger(void) {
  pid_t l = fork();
  if (l == 0)
    _exit(0);
}

void monitor_main(void) {
  for (int i = 0; i < 2; i++) {
    pid_t w = fork();
    if (w == 0)
      _exit(0);
  }
  for (;;)
    pause();
}
