/* The launcher: starts the daemon, then notifies with SIGCHLD at its
   default through the same fire_and_forget() the daemon uses. */
#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>

pid_t spawn_daemon(void);
void fire_and_forget(const char *cmd);

int main(void) {
  pid_t d = spawn_daemon();
  fire_and_forget("exit 0"); /* LAUNCHER */
  if (d > 0)
    waitpid(d, NULL, 0);
  return 0;
}
