// An install in a loop over a table reads each row: where the row's signal
// is SIGCHLD, the handler, SIG_IGN or SIG_DFL and the flags installed are
// that row's, from a table of structs (`tab[i].signo`, `tab[i].handler`,
// also through a struct sigaction's members) or from parallel arrays
// (`sigs[i]`, `handlers[i]`), or walked with a pointer that starts at the
// table (`for (p = tab; p->signo; p++)`, the pointer declared there or
// assigned the table alone).  A SIGCHLD row that reaps, or ignores, covers
// the starts; a row that resets, or a handler that reaps nothing, does not;
// a table without a SIGCHLD row installs nothing for it.
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -D_GNU_SOURCE -DSTRUCTS=1 -DCHLD_HANDLER=on_chld
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -D_GNU_SOURCE -DSTRUCTS=1 -DCHLD_HANDLER=SIG_IGN
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -D_GNU_SOURCE -DSTRUCTS=1 -DCHLD_HANDLER=on_term -DCHLD_FLAGS=SA_NOCLDWAIT
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -D_GNU_SOURCE -DSIGNAL_STRUCTS=1 -DCHLD_HANDLER=on_chld
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -D_GNU_SOURCE -DPARALLEL=1 -DCHLD_HANDLER=on_chld
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -D_GNU_SOURCE -DPOINTER=1 -DCHLD_HANDLER=on_chld
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -D_GNU_SOURCE -DPOINTER=1 -DCHLD_HANDLER=SIG_DFL
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -D_GNU_SOURCE -DPOINTER=1 -DASSIGNED=1 -DCHLD_HANDLER=on_chld
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -D_GNU_SOURCE -DPOINTER=1 -DASSIGNED=1 -DCHLD_HANDLER=on_term
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -D_GNU_SOURCE -DSTRUCTS=1 -DCHLD_HANDLER=on_term
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -D_GNU_SOURCE -DSTRUCTS=1 -DCHLD_HANDLER=on_chld -DCHLD_FLAGS=SA_RESETHAND
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -D_GNU_SOURCE -DSIGNAL_STRUCTS=1 -DCHLD_HANDLER=on_term
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -D_GNU_SOURCE -DPARALLEL=1 -DCHLD_HANDLER=SIG_DFL
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -D_GNU_SOURCE -DSTRUCTS=1 -DNO_CHLD_ROW=1
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef CHLD_FLAGS
#define CHLD_FLAGS SA_RESTART
#endif

static volatile sig_atomic_t stop;
static void on_term(int sig) { (void)sig; stop = 1; }
static void on_chld(int sig) {
  int saved = errno;
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
  errno = saved;
}

#if STRUCTS || SIGNAL_STRUCTS || POINTER
static const struct sigent {
  int signo;
  void (*handler)(int);
  int flags;
} sigtab[] = {
    {SIGTERM, on_term, 0},
#if !NO_CHLD_ROW
    {SIGCHLD, CHLD_HANDLER, CHLD_FLAGS},
#endif
    {.signo = SIGPIPE, .handler = SIG_IGN},
#if POINTER
    {0, NULL, 0},
#endif
};
#elif PARALLEL
static const int sigs[] = {SIGTERM, SIGCHLD, SIGPIPE};
static void (*const handlers[])(int) = {on_term, CHLD_HANDLER, SIG_IGN};
#endif

static void install_signals(void) {
#if STRUCTS
  for (size_t i = 0; i < sizeof sigtab / sizeof sigtab[0]; i++) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = sigtab[i].handler;
    sa.sa_flags = sigtab[i].flags;
    sigemptyset(&sa.sa_mask);
    sigaction(sigtab[i].signo, &sa, NULL);
  }
#elif SIGNAL_STRUCTS
  for (size_t i = 0; i < sizeof sigtab / sizeof sigtab[0]; i++)
    signal(sigtab[i].signo, sigtab[i].handler);
#elif POINTER && ASSIGNED
  const struct sigent *p;
  for (p = sigtab; p->signo != 0; p++)
    signal(p->signo, p->handler);
#elif POINTER
  for (const struct sigent *p = sigtab; p->signo != 0; p++)
    signal(p->signo, p->handler);
#else
  for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
    signal(sigs[i], handlers[i]);
#endif
}

int main(void) {
  install_signals();
  while (!stop) {
    if (fork() == 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
      _exit(0);
    pause();
  }
  return 0;
}
