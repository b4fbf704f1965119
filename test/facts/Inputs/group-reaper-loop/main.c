#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>

void spawn_session(void);
void spawn_plain(void);

int main(void) {
  spawn_session();
  spawn_plain();
  while (waitpid(0, NULL, 0) > 0)
    ;
  return 0;
}
