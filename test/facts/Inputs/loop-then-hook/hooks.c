#include <stddef.h>
#include <stdio.h>
#include <unistd.h>

void post_stop(int status) {
  char code[16];
  snprintf(code, sizeof code, "%d", status);
  if (fork() == 0) {
    execl("/bin/true", "cleanup", code, (char *)NULL);
    _exit(127);
  }
}
