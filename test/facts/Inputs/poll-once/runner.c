#include <stddef.h>
#include <unistd.h>

int submit(const char *cmd) {
  pid_t pid = fork();
  if (pid < 0)
    return 0;
  if (pid == 0) {
    execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
    _exit(127);
  }
  return 1;
}
