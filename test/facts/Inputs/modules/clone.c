// A module of the shell, loaded with dlopen: nothing calls it by name, and
// it calls the shell's own zwarn(), so it runs in the shell, whose handler
// reaps its child.
#include <unistd.h>

void zwarn(const char *msg);

int bin_clone(void) {
  if (fork() == 0)
    _exit(0);
  zwarn("cloned");
  return 0;
}
