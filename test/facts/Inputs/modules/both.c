// In no program, calling the own code of both programs: it joins neither.
#include <unistd.h>

void zwarn(const char *msg);
void tool_only(void);

void spawn_both(void) {
  if (fork() == 0)
    _exit(0);
  zwarn("both");
  tool_only();
}
