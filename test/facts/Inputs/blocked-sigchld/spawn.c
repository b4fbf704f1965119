// Starts children and leaves them to the program's handler.
#include <unistd.h>

void spawn_children(int n) {
  for (int i = 0; i < n; i++) {
    pid_t pid = fork();
    if (pid == 0)
      _exit(0);
  }
}
