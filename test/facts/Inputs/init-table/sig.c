/* The steps themselves; install_reaper() installs a handler that reaps
   every child. */
#include <signal.h>
#include <stddef.h>
#include <sys/wait.h>

static void on_chld(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0)
    ;
}

int open_log(void) { return 0; }
int install_reaper(void) { return signal(SIGCHLD, on_chld) == SIG_ERR; }
int drop_privileges(void) { return 0; }
