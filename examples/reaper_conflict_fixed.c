// The same daemon, fixed: SIGCHLD is blocked from popen() to pclose(), so
// the handler cannot run while the command's status is pending, and
// pclose() reaps the command itself.  Nothing is reported.
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void on_child(int sig) {
  (void)sig;
  int saved = errno;
  while (waitpid(-1, NULL, WNOHANG) > 0)
    ;
  errno = saved;
}

static int run_command(const char *command) {
  sigset_t chld, old;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  sigprocmask(SIG_BLOCK, &chld, &old);
  FILE *out = popen(command, "r");
  if (!out) {
    sigprocmask(SIG_SETMASK, &old, NULL);
    return -1;
  }
  char line[256];
  while (fgets(line, sizeof line, out))
    fputs(line, stdout);
  usleep(200 * 1000);
  int status = pclose(out);
  sigprocmask(SIG_SETMASK, &old, NULL);
  if (status == -1)
    printf("pclose: %s\n", strerror(errno));
  else
    printf("exit status %d\n", WEXITSTATUS(status));
  return status;
}

int main(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_child;
  sa.sa_flags = SA_RESTART;
  sigaction(SIGCHLD, &sa, NULL);
  return run_command("echo building; exit 3") == -1 ? 1 : 0;
}
