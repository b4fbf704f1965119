// A handler chosen by a conditional expression: either arm may be
// installed.  Two handlers that both reap every child cover the starts, as
// does a reaper against SIG_IGN; a reaper against a handler that only
// notes the signal, or against SIG_DFL, leaves one run of the program with
// zombies: reported, as if that arm were installed.
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -DBOTH=1
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -DBOTH=1 -DSTRUCT=1
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -DIGNORE=1
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DNOTE=1
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DNOTE=1 -DSTRUCT=1
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DDEFAULT=1
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t exited;

static void reap_quiet(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

static void reap_verbose(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0)
    write(2, "reaped\n", 7);
}

static void note_only(int sig) {
  (void)sig;
  exited = 1;
}

void spawn_children(int n) {
  for (int i = 0; i < n; i++)
    if (fork() == 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
      _exit(0);
}

int main(int argc, char **argv) {
  (void)argv;
  int verbose = argc > 1;
#if BOTH
#define CHOSEN (verbose ? reap_verbose : reap_quiet)
#elif IGNORE
#define CHOSEN (verbose ? reap_verbose : SIG_IGN)
#elif NOTE
#define CHOSEN (verbose ? reap_verbose : note_only)
#else
#define CHOSEN (verbose ? reap_verbose : SIG_DFL)
#endif
#if STRUCT
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = CHOSEN;
  sigaction(SIGCHLD, &sa, NULL);
#else
  signal(SIGCHLD, CHOSEN);
#endif
  for (;;) {
    spawn_children(3);
    pause();
  }
}
