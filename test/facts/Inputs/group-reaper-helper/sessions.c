#include <unistd.h>

void isolate(void);

void spawn_session(void) {
  pid_t pid = fork();
  if (pid == 0) {
    isolate();
    _exit(0);
  }
}

void spawn_plain(void) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
}
