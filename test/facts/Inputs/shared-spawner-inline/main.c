#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>

pid_t spawn_daemon(void);

int main(void) {
  pid_t d = spawn_daemon();
  if (d > 0)
    waitpid(d, NULL, 0);
  return 0;
}
