// Runs a plugin in a child that restores SIGCHLD's default first; the
// child then waits for a helper of its own (helper.c), as OpenRC's
// plugins do.
#include <signal.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int wait_helper(void);

void run_plugin(void) {
  pid_t pid = fork();
  if (pid == 0) {
    signal(SIGCHLD, SIG_DFL);
    _exit(wait_helper());
  }
  if (pid > 0)
    waitpid(pid, NULL, 0);
}
