// A unit whose SIGCHLD handler reaps any child: its leaks are left to it.
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void reap_children(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

void serve(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = reap_children;
  sigaction(SIGCHLD, &sa, NULL);
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
}
