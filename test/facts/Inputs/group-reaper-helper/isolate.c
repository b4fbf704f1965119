#include <unistd.h>

/* The child gets a session of its own, so that it can be killed as a whole. */
void isolate(void) {
  setsid();
}
