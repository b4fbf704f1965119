// Called after a reset in plugin.c's child, and with the handler in force
// by server.c's main: in the server itself the wait may lose the status.
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int wait_helper(void) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
  int status = 0;
  waitpid(pid, &status, 0);
  return status;
}
