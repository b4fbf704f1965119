// The server's SIGCHLD handler reaps any child through another file's
// wait_any_nohang().
#include <signal.h>
#include <sys/types.h>
#include <unistd.h>

pid_t wait_any_nohang(int *status);

static void on_child(int sig) {
  (void)sig;
  while (wait_any_nohang(NULL) > 0) {
  }
}

int server_main(int argc, char **argv) {
  (void)argc;
  (void)argv;
  signal(SIGCHLD, on_child);
  for (;;) {
    if (fork() == 0)
      _exit(0);
    pause();
  }
}
