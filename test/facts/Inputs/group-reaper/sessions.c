#include <unistd.h>

void spawn_session(void) {
  pid_t pid = fork();
  if (pid == 0) {
    setsid();
    _exit(0);
  }
}

void spawn_plain(void) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
}
