// Program A: a fork-and-forget server whose program installs a reaper.
#include <unistd.h>

void install_reaper(void);

static void serve_a(int fd) {
  if (fork() == 0) { // no-warning: reaper_a.c's SIGCHLD handler reaps it
    close(fd);
    _exit(0);
  }
}

int main(void) {
  install_reaper();
  for (int fd = 3; fd < 6; ++fd)
    serve_a(fd);
  return 0;
}
