#include <sys/types.h>
#include <unistd.h>

void leak(void) {
  pid_t pid = fork();
  (void)pid;
}
