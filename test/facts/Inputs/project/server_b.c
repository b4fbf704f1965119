// Program B: the same server, in a program without a reaper.
#include <unistd.h>

static void serve_b(int fd) {
  if (fork() == 0) {
    close(fd);
    _exit(0);
  }
}

int main(void) {
  for (int fd = 3; fd < 6; ++fd)
    serve_b(fd);
  return 0;
}
