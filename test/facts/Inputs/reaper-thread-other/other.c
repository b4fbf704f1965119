// Another program of the same database: an init-like main that reaps any
// child for ever.  It reaps its own children, not those of main.c's
// program, although both functions are `main`.
#include <stddef.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void) {
  for (;;)
    if (wait(NULL) < 0)
      sleep(1);
}
