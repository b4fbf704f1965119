#include <unistd.h>

/* Run only by the children: main's loop does not run there. */
static void settle(void) {
  usleep(1000);
}

void spawn_session(void) {
  pid_t pid = fork();
  if (pid == 0) {
    setsid();
    settle();
    _exit(0);
  }
}

void spawn_plain(void) {
  pid_t pid = fork();
  if (pid == 0) {
    settle();
    _exit(0);
  }
}
