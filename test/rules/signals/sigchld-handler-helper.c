// A SIGCHLD handler installed through a helper of the project
// (`signal_setup(SIGCHLD, on_child)`, the helper defined in another file)
// reaps the children of the unit when the handler reaps any child.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DREAPS=1
// RUN: %check_tidy --prefix CHECK-LOGS %s %t -- %tidy -- -std=gnu11 -DREAPS=0
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

void signal_setup(int sig, void (*handler)(int));

static void on_child(int sig) {
  (void)sig;
#if REAPS
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
#else
  fputs("child\n", stderr);
#endif
}

void serve(int fd) {
  if (fork() == 0) { // no-warning with REAPS: on_child reaps any child
    // CHECK-LOGS: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    close(fd);
    _exit(0);
  }
}

int main(void) {
  signal_setup(SIGCHLD, on_child);
  serve(3);
  return 0;
}
