// SIGCHLD's disposition belongs to the process that starts the child: the
// program's reaper (installed by main) covers every start of the unit,
// except one whose function set SIG_DFL, or a handler that reaps nothing,
// on some path before it, itself or through a helper of the unit: then the
// child stays a zombie (a pre-fork server's worker that restores the
// default before starting helpers of its own).  SIG_IGN (or a reaper) set
// again before the start covers it again.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
// The same reset undoes the kernel's reaping of an ignore set by a setup
// function (no_zombies(), which starts nothing itself).
// RUN: %check_tidy --prefix CHECK-IGN %s %t -- %tidy -- -std=gnu11 -DIGNORE=1
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static void reap_all(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

static void note_exit(int sig) { (void)sig; }

#if IGNORE
static void no_zombies(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = SIG_DFL;
  sa.sa_flags = SA_NOCLDWAIT;
  sigaction(SIGCHLD, &sa, NULL);
}
#endif

void serve(void);

int main(void) {
#if IGNORE
  no_zombies();
#else
  signal(SIGCHLD, reap_all);
#endif
  serve();
  return 0;
}

void covered(void) {
  if (fork() == 0) // no-warning: the program's reaper (or the kernel) reaps it
    _exit(0);
}

void worker_resets(void) {
  signal(SIGCHLD, SIG_DFL);
  pid_t helper = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: child process 'helper' started by 'fork' is never reaped [process-unreaped-child]
  // CHECK-IGN: :[[@LINE-2]]:18: warning: child process 'helper' started by 'fork' is never reaped [process-unreaped-child]
  if (helper == 0)
    _exit(0);
}

static void reset_signals(void) {
  signal(SIGPIPE, SIG_DFL);
  signal(SIGCHLD, SIG_DFL);
}

void worker_resets_through_helper(void) {
  reset_signals();
  if (fork() == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    // CHECK-IGN: :[[@LINE-2]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    _exit(0);
}

void worker_flag_handler(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = note_exit;
  sigaction(SIGCHLD, &sa, NULL);
  if (fork() == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    // CHECK-IGN: :[[@LINE-2]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    _exit(0);
}

void reset_on_one_path(int detached) {
  if (detached)
    signal(SIGCHLD, SIG_DFL);
  if (fork() == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    // CHECK-IGN: :[[@LINE-2]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    _exit(0);
}

void reset_then_reaper_again(void) {
  signal(SIGCHLD, SIG_DFL);
  signal(SIGCHLD, reap_all);
  if (fork() == 0) // no-warning: the reaper is back before the start
    _exit(0);
}

void reset_then_ignored(void) {
  signal(SIGCHLD, SIG_DFL);
  signal(SIGCHLD, SIG_IGN);
  if (fork() == 0) // no-warning: the kernel reaps it
    _exit(0);
}

// The disposition is the process's: a function that forks, called after
// its caller reset SIGCHLD (directly, or through a caller of that caller),
// runs with the reset, and its children are nobody's.
static void start_helper(void) {
  if (fork() == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    // CHECK-IGN: :[[@LINE-2]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    _exit(0);
}

static void start_helpers(void) { start_helper(); }

void worker_resets_then_calls(void) {
  signal(SIGCHLD, SIG_DFL);
  start_helpers();
}

// A call made before the reset, or after the reaper is back, runs covered.
static void start_before_reset(void) {
  if (fork() == 0) // no-warning: called before the reset
    _exit(0);
}

static void start_after_reaper(void) {
  if (fork() == 0) // no-warning: the reaper is back before the call
    _exit(0);
}

void worker_calls_then_resets(void) {
  start_before_reset();
  signal(SIGCHLD, SIG_DFL);
  signal(SIGCHLD, SIG_IGN);
  start_after_reaper();
}
