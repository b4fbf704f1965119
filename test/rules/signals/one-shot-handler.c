// A handler that runs once leaves SIGCHLD at SIG_DFL after the first child
// has exited: SA_RESETHAND (SA_ONESHOT) in sa_flags, sysv_signal(), and
// signal() itself under a strict standard, which glibc links to
// __sysv_signal.  Every later child is left a zombie, so such an install
// covers no start, unless the handler installs a disposition for SIGCHLD
// again itself (the System V idiom).  SIG_IGN or SA_NOCLDWAIT with
// SA_RESETHAND still lets the kernel reap: the flag resets handlers only.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DRESETHAND=1
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DONESHOT=1
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -D_GNU_SOURCE -DSYSV=1
// RUN: %check_tidy %s %t -- %tidy -- -std=c11 -DSTRICT=1
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -DRESETHAND=1 -DAGAIN=1
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=c11 -DSTRICT=1 -DAGAIN=1
// The install again may come first, before the handler's other calls.
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -DRESETHAND=1 -DAGAIN_FIRST=1
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -DSTRICT=1
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -DRESTART=1
// RUN: %check_tidy --prefix CHECK-KEPT %s %t -- %tidy -- -std=gnu11 -DNOCLDWAIT=1
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static void install(void);

static void on_chld(int sig) {
  (void)sig;
#if AGAIN_FIRST
  install();
  getpid();
#endif
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
#if AGAIN
  install();
#endif
}

static void install(void) {
#if STRICT
  signal(SIGCHLD, on_chld);
#elif SYSV
  sysv_signal(SIGCHLD, on_chld);
#else
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_chld;
#if RESETHAND
  sa.sa_flags = SA_RESTART | SA_RESETHAND;
#elif ONESHOT
  sa.sa_flags = SA_ONESHOT;
#elif NOCLDWAIT
  sa.sa_flags = SA_NOCLDWAIT | SA_RESETHAND;
#else
  sa.sa_flags = SA_RESTART;
#endif
  sigaction(SIGCHLD, &sa, NULL);
#endif
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
