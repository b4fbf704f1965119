/* The server's child becomes a session leader on a terminal through
   isolate() of isolate.c, then runs the server.  The parent stops it with
   a kill of the leader alone, which the terminal's hangup passes on. */
#include <signal.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void isolate(void);

int main(void) {
  pid_t pid = fork();
  if (pid == 0) {
    isolate();
    execlp("server", "server", (char *)NULL);
    _exit(127);
  }
  sleep(1);
  kill(pid, SIGTERM);
  waitpid(pid, NULL, 0);
  return 0;
}
