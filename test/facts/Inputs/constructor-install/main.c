// Starts children at once: the library's constructor ignored SIGCHLD.
#include <unistd.h>

void lib_log(const char *what);
void run_jobs(int n);

int main(void) {
  lib_log("start\n");
  run_jobs(3);
  pause();
  return 0;
}
