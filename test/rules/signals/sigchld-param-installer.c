// A function that installs its handler for the signal its parameter names
// (zsh's `install_handler(int sig)`, a sigaction of `zhandler` cast to the
// handler type) installs it for SIGCHLD when a caller passes SIGCHLD: a
// handler that reaps any child then reaps the children of the unit.
// Passing another signal installs nothing for SIGCHLD.  SIG_IGN set that way
// counts as SIG_IGN set directly does: set by init_signals(), a function
// that starts no child, it is program setup and covers every start of the
// unit; in the project facts, every program of the caller's file
// (test/facts/modules.test).
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DHANDLER=1
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DIGNORE=1
// RUN: %check_tidy --prefix CHECK-OTHER %s %t -- %tidy -- -std=gnu11 -DOTHER=1
// RUN: %check_tidy --prefix CHECK-OTHER %s %t -- %tidy -- -std=gnu11 -DFIXED=1
// RUN: %check_tidy --prefix CHECK-OTHER %s %t -- %tidy -- -std=gnu11 -DMOVED=1
#include <signal.h>
#include <stddef.h>
#include <sys/wait.h>
#include <unistd.h>

static void wait_for_processes(void) {
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

static void zhandler(int sig) {
  if (sig == SIGCHLD)
    wait_for_processes();
}

static void install_handler(int sig) {
  struct sigaction act;
  act.sa_handler = (void (*)(int))zhandler;
  sigemptyset(&act.sa_mask);
  act.sa_flags = 0;
  sigaction(sig, &act, NULL);
}

static void ignore_signal(int sig) { signal(sig, SIG_IGN); }

// The signal is not the parameter: installs for SIGINT only.
static void install_sigint(int unused) {
  (void)unused;
  signal(SIGINT, zhandler);
}

// The parameter is changed before the install: not the caller's signal.
static void install_moved(int sig) {
  if (sig == SIGCHLD)
    sig = SIGUSR1;
  signal(sig, zhandler);
}

void init_signals(void) {
#if HANDLER
  install_handler(SIGCHLD);
#elif IGNORE
  ignore_signal(SIGCHLD);
#elif OTHER
  install_handler(SIGINT);
  ignore_signal(SIGPIPE);
#elif FIXED
  install_sigint(SIGCHLD);
#elif MOVED
  install_moved(SIGCHLD);
#endif
}

void run_job(const char *cmd) {
  if (fork() == 0) { // no-warning with HANDLER or IGNORE
    // CHECK-OTHER: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
    _exit(127);
  }
}
