// A system header (-isystem): a macro that defines a whole function, and an
// inline function another check has something to say about.
#include <unistd.h>
#define DEFINE_LEAKER                                                          \
  void leak_one(void) {                                                        \
    pid_t pid = fork();                                                        \
    if (pid == 0)                                                              \
      _exit(0);                                                                \
  }
static inline int sys_pick(int x) {
  if (x > 0);
    return x;
  return 0;
}
