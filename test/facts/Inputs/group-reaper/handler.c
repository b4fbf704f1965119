#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>

static void on_chld(int sig) {
  int saved = errno;
  (void)sig;
  while (waitpid(0, NULL, WNOHANG) > 0)
    ;
  errno = saved;
}

void install_handler(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_chld;
  sa.sa_flags = SA_RESTART;
  sigaction(SIGCHLD, &sa, NULL);
}
