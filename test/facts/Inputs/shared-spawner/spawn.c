#include <stddef.h>
#include <stdio.h>
#include <unistd.h>

void fire_and_forget(const char *cmd) {
  pid_t pid = fork();
  if (pid < 0) {
    perror("fork");
    return;
  }
  if (pid == 0) {
    execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
    _exit(127);
  }
  printf("started '%s' as %d\n", cmd, (int)pid);
}
