// The fixed helper stop: the helper leads its own session and process
// group, so the stop path signals the whole group (kill(-pid, sig)), which
// reaches the servers the helper started too.  Nothing is left running.
#include <signal.h>
#include <stdio.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static pid_t helper = -1;

static int start_helper(void) {
  pid_t pid = fork();
  if (pid == 0) {
    setsid();
    // The helper's own servers, then the helper waits for them.
    execl("/bin/sh", "sh", "-c", "sleep 30 & sleep 30 & wait", (char *)NULL);
    _exit(127);
  }
  helper = pid;
  return pid < 0 ? -1 : 0;
}

static void stop_helper(void) {
  kill(-helper, SIGTERM);
  waitpid(helper, NULL, 0);
}

int main(void) {
  if (start_helper() < 0)
    return 1;
  sleep(1);
  stop_helper();
  puts("helper stopped");
  return 0;
}
