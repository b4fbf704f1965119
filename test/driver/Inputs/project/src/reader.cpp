#include <cstdio>

#include "notify.h"

int first_char(const char *command) {
  FILE *pipe = popen(command, "r");
  if (!pipe)
    return -1;
  int c = std::fgetc(pipe);
  pclose(pipe);
  notify_async();
  return c;
}
