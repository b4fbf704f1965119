/* The daemon child ignores SIGCHLD (sigs.c), then fires and forgets. */
#include <stdio.h>
#include <unistd.h>

void ignore_children(void);
void fire_and_forget(const char *cmd);

pid_t spawn_daemon(void) {
  pid_t pid = fork();
  if (pid < 0) {
    perror("fork");
    return -1;
  }
  if (pid == 0) {
    ignore_children();
    fire_and_forget("true");
    fire_and_forget("exit 2");
    sleep(1);
    _exit(0);
  }
  return pid;
}
