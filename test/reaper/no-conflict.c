// process-reaper-conflict, negative: a SIGCHLD handler that only sets a
// flag, or that waits for the pids it knows, takes no child from a wait;
// an ignore made only on a child's side before exec stays in that child;
// a specific wait in the handler's own program before any install is fine.
// RUN: %check_tidy --prefix NONE %s %t -- %tidy_reaper -- -std=gnu11
// With -DREAPING the same program installs a handler that reaps any child,
// and the wait is reported: the silence above is the handlers' doing.
// RUN: %check_tidy %s %t -- %tidy_reaper -- -std=gnu11 -DREAPING
#include <signal.h>
#include <stddef.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t got_child;
static pid_t worker = -1;

static void flag_only(int sig) {
  (void)sig;
  got_child = 1;
}

static void known_pids(int sig) {
  (void)sig;
  int status;
  if (worker > 0 && waitpid(worker, &status, WNOHANG) == worker)
    worker = -1;
}

#ifdef REAPING
static void reap_any(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0)
    ;
}
#endif

void install(int which) {
  if (which)
    signal(SIGCHLD, flag_only);
  else
    signal(SIGCHLD, known_pids);
#ifdef REAPING
  signal(SIGCHLD, reap_any);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: 'reap_any', a SIGCHLD handler that reaps any child, is installed here
#endif
}

int start_daemon(char *const argv[]) {
  pid_t pid = fork();
  if (pid == 0) {
    signal(SIGCHLD, SIG_IGN);
    execv(argv[0], argv);
    _exit(127);
  }
  int status;
  return waitpid(pid, &status, 0) == pid ? status : -1;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: call to waitpid() waits for one child, but the SIGCHLD handler 'reap_any' may reap it first; the wait fails with ECHILD and the exit status is lost [process-reaper-conflict]
}

int main(int argc, char **argv) {
  install(argc > 1);
  return start_daemon(argv);
}
