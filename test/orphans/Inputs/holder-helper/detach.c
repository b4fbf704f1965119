// Gives the calling process a session of its own.
#include <unistd.h>

void detach(void) {
  setsid();
}
