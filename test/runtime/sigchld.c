// Children handed to a reaper the program installed are reaped, so not
// reported: a reap-any SIGCHLD handler, SIG_IGN, SA_NOCLDWAIT.  The program
// checks its own view too: the tool must not change dispositions.
// RUN: %cc -g -O0 -o %t %s
// RUN: %exit_status %reapcheck_run -- %t handler > %t.handler.out 2> %t.handler.err
// RUN: %FileCheck %s --check-prefix=HANDLER < %t.handler.out
// RUN: %FileCheck %s --check-prefix=CLEAN --allow-empty < %t.handler.err
// RUN: %exit_status %reapcheck_run -- %t ignore > %t.ignore.out 2> %t.ignore.err
// RUN: %FileCheck %s --check-prefix=IGNORE < %t.ignore.out
// RUN: %FileCheck %s --check-prefix=CLEAN --allow-empty < %t.ignore.err
// RUN: %exit_status %reapcheck_run -- %t nocldwait > %t.nocldwait.out 2> %t.nocldwait.err
// RUN: %FileCheck %s --check-prefix=IGNORE < %t.nocldwait.out
// RUN: %FileCheck %s --check-prefix=CLEAN --allow-empty < %t.nocldwait.err
// Without the subreaper the verdict comes from the event log alone: the
// reaps the handler logged, and the disposition noted at each start.
// RUN: %exit_status %reapcheck_run --no-subreaper -- %t handler 2> %t.err | %FileCheck %s --check-prefix=HANDLER
// RUN: %FileCheck %s --check-prefix=CLEAN --allow-empty < %t.err
// RUN: %exit_status %reapcheck_run --no-subreaper -- %t ignore 2> %t.err | %FileCheck %s --check-prefix=IGNORE
// RUN: %FileCheck %s --check-prefix=CLEAN --allow-empty < %t.err
// RUN: %exit_status %reapcheck_run --no-subreaper -- %t nocldwait 2> %t.err | %FileCheck %s --check-prefix=IGNORE
// RUN: %FileCheck %s --check-prefix=CLEAN --allow-empty < %t.err
// Positive case: SIG_IGN set and then restored before the children start,
// so nothing reaps them.
// RUN: %exit_status %reapcheck_run -- %t restored 2> %t.err | %FileCheck %s --check-prefix=RESTORED
// RUN: %FileCheck %s -DFILE=%s --check-prefix=LEAK < %t.err
// RUN: %exit_status %reapcheck_run --no-subreaper -- %t restored 2> %t.err | %FileCheck %s --check-prefix=RESTORED
// RUN: %FileCheck %s -DFILE=%s --check-prefix=LEAK < %t.err
// RESTORED: exit: 66
// The same handler program, run bare, prints the same thing.
// RUN: %exit_status %t handler | %FileCheck %s --check-prefix=HANDLER
// HANDLER: reaped by the handler: 50
// HANDLER-NEXT: exit: 0
// IGNORE: left for the kernel: 50
// IGNORE-NEXT: exit: 0
// CLEAN-NOT: reapcheck-run
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

enum { Children = 50 };
static volatile sig_atomic_t Reaped;

static void onChild(int Sig) {
  int Saved = errno;
  while (waitpid(-1, NULL, WNOHANG) > 0)
    ++Reaped;
  errno = Saved;
}

static void startTwo(void) {
  for (int I = 0; I < 2; ++I)
    if (fork() == 0)
      // LEAK-COUNT-2: reapcheck-run: unreaped child {{[0-9]+}} (zombie) started by fork at [[FILE]]:[[#@LINE-1]] in startTwo
      _exit(0);
  // LEAK: reapcheck-run: 2 unreaped children, 0 orphaned descendants (program exit status 0)
  usleep(100 * 1000);
}

int main(int Argc, char **Argv) {
  const char *Mode = Argc > 1 ? Argv[1] : "handler";
  if (strcmp(Mode, "restored") == 0) {
    signal(SIGCHLD, SIG_IGN);
    signal(SIGCHLD, SIG_DFL);
    startTwo();
    return 0;
  }
  struct sigaction Sa;
  memset(&Sa, 0, sizeof(Sa));
  sigemptyset(&Sa.sa_mask);
  if (strcmp(Mode, "handler") == 0) {
    Sa.sa_handler = onChild;
    Sa.sa_flags = SA_RESTART;
  } else if (strcmp(Mode, "ignore") == 0) {
    Sa.sa_handler = SIG_IGN;
  } else {
    Sa.sa_handler = SIG_DFL;
    Sa.sa_flags = SA_NOCLDWAIT;
  }
  sigaction(SIGCHLD, &Sa, NULL);
  for (int I = 0; I < Children; ++I)
    if (fork() == 0) // no-warning: the installed reaper takes it
      _exit(0);
  if (Sa.sa_handler == onChild) {
    sigset_t Empty;
    sigemptyset(&Empty);
    while (Reaped < Children)
      usleep(1000);
    printf("reaped by the handler: %d\n", (int)Reaped);
  } else {
    // The kernel reaps them: wait() sleeps until all are gone, then ECHILD.
    while (wait(NULL) > 0 || errno == EINTR) {
    }
    printf("left for the kernel: %d\n", errno == ECHILD ? Children : -1);
  }
  struct sigaction Now;
  sigaction(SIGCHLD, NULL, &Now);
  if (Now.sa_handler != Sa.sa_handler || (Now.sa_flags & SA_NOCLDWAIT) != (Sa.sa_flags & SA_NOCLDWAIT))
    printf("disposition changed\n");
  return 0;
}
