/* Gives the calling process a session of its own, on the terminal at
   standard input: it becomes the terminal's controlling process. */
#include <sys/ioctl.h>
#include <unistd.h>

void isolate(void) {
  setsid();
  ioctl(0, TIOCSCTTY, 0);
}
