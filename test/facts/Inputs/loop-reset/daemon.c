// Program daemon: its reaper is a SIGCHLD handler (handler.c), which the
// reset here undoes for the children started after it.
#include <signal.h>
#include <sys/types.h>
#include <unistd.h>

void install_reaper(void);
void serve(void);

int main(void) {
  install_reaper();
  signal(SIGCHLD, SIG_DFL);
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
  pid = fork();
  if (pid == 0)
    _exit(0);
  serve();
  return 0;
}
