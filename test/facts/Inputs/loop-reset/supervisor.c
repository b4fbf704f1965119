// Program supervisor: main resets SIGCHLD, starts two children into one
// pid, then returns monitor(), whose loop reaps every child (bubblewrap's
// shape).  The reset does not undo that loop.
#include <signal.h>
#include <sys/types.h>
#include <unistd.h>

int monitor(void);

int main(void) {
  signal(SIGCHLD, SIG_DFL);
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
  pid = fork();
  if (pid == 0)
    _exit(0);
  return monitor();
}
