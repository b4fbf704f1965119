// The server's callback reaps every child.
#include <signal.h>
#include <stddef.h>
#include <sys/wait.h>

struct proc;
void proc_set_signals(struct proc *p, void (*signalcb)(int));
void run_job(const char *cmd);

static void server_signal(int sig) {
  if (sig == SIGCHLD)
    while (waitpid(WAIT_ANY, NULL, WNOHANG) > 0) {
    }
}

void server_start(struct proc *p) {
  proc_set_signals(p, server_signal);
  run_job("date");
}
