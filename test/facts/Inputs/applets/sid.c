// sid (busybox's setsid): the parent returns from the applet at once, which
// ends its process; the child goes on in a new session.
#include <sys/types.h>
#include <unistd.h>

int sid_main(int argc, char **argv) {
  (void)argc;
  pid_t pid = fork();
  if (pid != 0)
    return pid < 0;
  setsid();
  execvp(argv[1], argv + 1);
  _exit(127);
}
