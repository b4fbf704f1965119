#include <unistd.h>

void own_group(pid_t pid);
void same_group(pid_t pid);

void spawn_session(void) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
  own_group(pid);
}

void spawn_plain(void) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
  same_group(pid);
}
