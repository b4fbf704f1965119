#include <stddef.h>

struct proc;
void server_start(struct proc *p);

int main(void) {
  server_start(NULL);
  return 0;
}
