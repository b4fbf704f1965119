// process-reaper-conflict, negative: a handler that reaps any child only on
// some of its runs (here only once the program is exiting, as OpenRC's
// supervise-daemon does) is not taken to race the program's own waits; nor
// is one whose loop only looks with WNOWAIT, which reaps nothing (Linux's
// waitpid refuses it).
// RUN: %check_tidy %s %t -- %tidy_reaper -- -std=gnu11
#include <signal.h>
#include <stddef.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t exiting;
static pid_t child_pid = -1;

static void handle_signal(int sig) {
  pid_t pid;
  switch (sig) {
  case SIGCHLD:
    if (exiting)
      while (waitpid(-1, NULL, WNOHANG) > 0) {
      }
    else
      while ((pid = waitpid(-1, NULL, WNOHANG | WNOWAIT)) > 0) {
        if (pid == child_pid)
          break;
        waitpid(pid, NULL, WNOHANG);
      }
    break;
  case SIGTERM:
    exiting = 1;
    break;
  }
}

static void peek_only(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG | WNOWAIT) > 0)
    ;
}

int supervise(void) {
  int status = 0;
  while (!exiting)
    if (waitpid(child_pid, &status, WNOHANG) == child_pid)
      break;
  return status;
}

int main(int argc, char **argv) {
  (void)argv;
  signal(SIGTERM, handle_signal);
  signal(SIGCHLD, argc > 2 ? peek_only : handle_signal);
  signal(SIGCHLD, handle_signal);
  if (argc > 1)
    signal(SIGCHLD, peek_only);
  return supervise();
}
