// Program server: a SIGCHLD handler that reaps any child, installed by
// main; the waits for one child are in other files.
#include <signal.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>

int run_cmd(const char *cmd);
void worker(void);
int blocked_wait(void);
void run_plugin(void);
int wait_helper(void);

static void reap_any(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0)
    ;
}

int main(void) {
  signal(SIGCHLD, reap_any);
  worker();
  run_plugin();
  return run_cmd("true") + blocked_wait() + wait_helper();
}
