// Blocks SIGCHLD around its wait: the handler cannot run first.
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int blocked_wait(void) {
  sigset_t set, old;
  sigemptyset(&set);
  sigaddset(&set, SIGCHLD);
  sigprocmask(SIG_BLOCK, &set, &old);
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
  int status = 0;
  waitpid(pid, &status, 0);
  sigprocmask(SIG_SETMASK, &old, NULL);
  return status;
}
