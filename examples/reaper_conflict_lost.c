// A daemon's SIGCHLD handler reaps any child that exits.  The program also
// runs a command through popen() and asks pclose() for its exit status; the
// command exits while the program is still busy with its output, the
// handler reaps it first, and pclose() fails with ECHILD: the status is
// lost.  process-reaper-conflict reports the pclose.
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
  FILE *out = popen(command, "r");
  if (!out)
    return -1;
  char line[256];
  while (fgets(line, sizeof line, out))
    fputs(line, stdout);
  usleep(200 * 1000); // Busy with the output: the command has exited.
  int status = pclose(out);
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
