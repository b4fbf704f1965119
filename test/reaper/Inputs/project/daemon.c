// Program daemon: SIGCHLD ignored by main; status.c waits through system().
#include <signal.h>

int status_of(const char *cmd);

int main(void) {
  signal(SIGCHLD, SIG_IGN);
  return status_of("true");
}
