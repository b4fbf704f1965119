// Runs after run_detached() returned: the wait gets its child's status.
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int run_and_wait(void) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(7);
  int status = 0;
  if (waitpid(pid, &status, 0) < 0)
    return -1;
  return WEXITSTATUS(status);
}
