/* The daemon child ignores SIGCHLD itself, then fires and forgets; the
   parent notifies through the same function, with SIGCHLD at its
   default. */
#include <signal.h>
#include <unistd.h>

void fire_and_forget(const char *cmd);

pid_t spawn_daemon(void) {
  pid_t pid = fork();
  if (pid == 0) {
    signal(SIGCHLD, SIG_IGN);
    fire_and_forget("true");
    sleep(1);
    _exit(0);
  }
  fire_and_forget("exit 0"); /* NOTIFY */
  return pid;
}
