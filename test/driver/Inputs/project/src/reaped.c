#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

int run_and_wait(void) {
  pid_t pid = fork();
  if (pid < 0)
    return -1;
  if (pid == 0)
    _exit(0);
  int status;
  waitpid(pid, &status, 0);
  return status;
}

void kernel_reaps(void) {
  signal(SIGCHLD, SIG_IGN);
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
}
