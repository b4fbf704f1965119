// A `struct sigaction` filled by a helper (`fill_action(&sa, h)`, in view
// or not) holds the one handler given with it: the install is read with
// that handler.  Flags returned by a function of the unit
// (`sa.sa_flags = chld_flags()`) are read from its returns: SA_NOCLDWAIT
// there lets the kernel reap.
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -DFILLED_REAPER=1
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DFILLED_NOTE=1
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -DFLAGS_NOCLDWAIT=1
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DFLAGS_RESTART=1
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t exited;

static void on_chld(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

static void note_only(int sig) {
  (void)sig;
  exited = 1;
}

// Defined in another file.
void fill_action(struct sigaction *sa, void (*handler)(int));

static int chld_flags(void) {
#if FLAGS_NOCLDWAIT
  return SA_NOCLDWAIT | SA_RESTART;
#else
  return SA_RESTART;
#endif
}

static void install(void) {
  struct sigaction sa;
#if FILLED_REAPER
  fill_action(&sa, on_chld);
#elif FILLED_NOTE
  signal(SIGCHLD, on_chld);
  fill_action(&sa, note_only);
#else
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = SIG_DFL;
  sa.sa_flags = chld_flags();
#endif
  sigaction(SIGCHLD, &sa, NULL);
}

void spawn_children(int n) {
  for (int i = 0; i < n; i++)
    if (fork() == 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
      _exit(0);
}

int main(void) {
  install();
  for (;;) {
    spawn_children(3);
    pause();
  }
}
