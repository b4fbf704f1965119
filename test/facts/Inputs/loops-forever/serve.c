// Serves requests until one fails: the only way out is _exit.
#include <unistd.h>

int serve_one(void);

void serve(void) {
  for (;;) {
    if (serve_one() < 0)
      _exit(1);
  }
}
