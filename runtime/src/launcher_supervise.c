/*
 * Running the program under reapcheck-run: the environment the preload
 * library reads, the signals forwarded to the program while it runs, the
 * wait for it alone (interrupted to answer SIGUSR2), and afterwards the
 * grace period, the clean-up of what it left and its exit status passed
 * through.
 */
#include "launcher.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* ---- the program's environment ---- */

static void setenvOrDie(const char *Name, const char *Value) {
  if (setenv(Name, Value, 1)) {
    perror(TOOL ": setenv");
    _exit(EXIT_TOOL_FAILURE);
  }
}

/* Runs in the child, before exec: the environment the preload reads. */
static void prepareChildEnv(const struct Options *O, const char *Preload,
                            const char *Events) {
  char Buf[PATH_MAX * 2 + 64];
  const char *Old = getenv("LD_PRELOAD");
  if (Old && *Old)
    snprintf(Buf, sizeof(Buf), "%s:%s", Preload, Old);
  else
    snprintf(Buf, sizeof(Buf), "%s", Preload);
  setenvOrDie("LD_PRELOAD", Buf);
  setenvOrDie("REAPCHECK_EVENTS", Events);
  snprintf(Buf, sizeof(Buf), "%d", (int)getpid());
  setenvOrDie("REAPCHECK_ROOT_PID", Buf);
  if (O->FollowExec)
    setenvOrDie("REAPCHECK_FOLLOW_EXEC", "1");
  else
    unsetenv("REAPCHECK_FOLLOW_EXEC");
}

/* ---- signals while the program runs ---- */

static volatile sig_atomic_t ReportRequested;
static volatile pid_t ProgramPid;
static volatile sig_atomic_t PendingSignal;

static void onForward(int Sig, siginfo_t *Info, void *Ctx) {
  (void)Ctx;
  /* A terminal's ^C or ^\ already reached the program (same process
   * group); only forward what was sent to us alone. */
  if (Info->si_code == SI_KERNEL)
    return;
  if (ProgramPid > 0)
    kill(ProgramPid, Sig);
  else
    PendingSignal = Sig; /* before the fork returned: forwarded after it */
}

static void onReport(int Sig) {
  (void)Sig;
  ReportRequested = 1;
}

/* Installed before the fork, so that a program that signals us at once
 * finds the handlers there; the child puts the old dispositions back before
 * exec, so the program inherits exactly what we inherited. */
static const int Handled[] = {SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGUSR2};
#define NUM_HANDLED (sizeof(Handled) / sizeof(*Handled))

static void installHandlers(struct sigaction Saved[NUM_HANDLED]) {
  for (size_t I = 0; I < NUM_HANDLED; ++I) {
    struct sigaction Sa;
    memset(&Sa, 0, sizeof(Sa));
    sigemptyset(&Sa.sa_mask);
    if (Handled[I] == SIGUSR2) {
      Sa.sa_handler = onReport; /* no SA_RESTART: interrupt the wait */
    } else {
      Sa.sa_sigaction = onForward;
      Sa.sa_flags = SA_SIGINFO | SA_RESTART;
    }
    sigaction(Handled[I], &Sa, &Saved[I]);
  }
}

static void restoreHandlers(const struct sigaction Saved[NUM_HANDLED]) {
  for (size_t I = 0; I < NUM_HANDLED; ++I)
    sigaction(Handled[I], &Saved[I], NULL);
}

static void onWake(int Sig) { (void)Sig; }

/* SIGALRM every \p Ms milliseconds, interrupting blocking calls (no
 * SA_RESTART); 0 stops the timer.  The no-op handler stays installed: a
 * SIGALRM generated just before the timer stopped may still be pending. */
static void wakeEvery(int Ms) {
  if (Ms) {
    struct sigaction Sa;
    memset(&Sa, 0, sizeof(Sa));
    sigemptyset(&Sa.sa_mask);
    Sa.sa_handler = onWake;
    sigaction(SIGALRM, &Sa, NULL);
  }
  struct timeval Every = {Ms / 1000, (long)(Ms % 1000) * 1000L};
  struct itimerval Timer = {Every, Every};
  setitimer(ITIMER_REAL, &Timer, NULL);
}

/* ---- the program's run ---- */

/* Forks and execs the program; its pid, or -1 when fork fails. */
static pid_t startProgram(const struct Options *O, char **Program,
                          const char *Preload, const char *Events) {
  struct sigaction Saved[NUM_HANDLED];
  installHandlers(Saved);
  fflush(NULL);
  pid_t Pid = fork();
  if (Pid < 0) {
    perror(TOOL ": fork");
    return -1;
  }
  if (Pid == 0) {
    restoreHandlers(Saved);
    prepareChildEnv(O, Preload, Events);
    execvp(Program[0], Program);
    int E = errno;
    fprintf(stderr, TOOL ": cannot run %s: %s\n", Program[0], strerror(E));
    _exit(E == ENOENT ? 127 : 126);
  }
  ProgramPid = Pid;
  if (PendingSignal)
    kill(Pid, PendingSignal);
  /* Inherited SIG_IGN would let the kernel reap the program and everything
   * adopted; the program keeps what it inherited (it is forked already). */
  signal(SIGCHLD, SIG_DFL);
  return Pid;
}

/* Waits for the program alone; 0, or -1 when waitpid fails. */
static int waitProgram(pid_t Pid, const char *Events, int *Status) {
  /* A SIGUSR2 that arrives before waitpid() is entered (a loaded machine
   * runs the program first) would only be seen when the program exits:
   * a timer interrupts the wait every 100 ms to look at the flag.  Interval
   * timers are not inherited across fork, so the program never sees it. */
  wakeEvery(100);
  for (;;) {
    if (ReportRequested) {
      ReportRequested = 0;
      onDemandReport(Events, Pid);
    }
    pid_t R = waitpid(Pid, Status, 0);
    if (R == Pid)
      break;
    if (R < 0 && errno != EINTR) {
      perror(TOOL ": waitpid");
      return -1;
    }
  }
  wakeEvery(0);
  return 0;
}

pid_t runProgram(const struct Options *O, char **Program, const char *Preload,
                 const char *Events, int *Status) {
  pid_t Pid = startProgram(O, Program, Preload, Events);
  if (Pid < 0 || waitProgram(Pid, Events, Status))
    return -1;
  return Pid;
}

/* ---- after the program ---- */

static void sleepMs(int Ms) {
  struct timespec T = {Ms / 1000, (long)(Ms % 1000) * 1000000L};
  while (nanosleep(&T, &T) && errno == EINTR) {
  }
}

/* Orphans killed together with their parent can still be on their way
 * out for a moment after the program exits. */
void settle(int GraceMs) {
  for (int Waited = 0; Waited < GraceMs; Waited += 10) {
    struct rc_proc *Kids;
    size_t N = rc_proc_children(getpid(), &Kids);
    int Busy = 0;
    for (size_t I = 0; I < N; ++I)
      Busy |= Kids[I].State != 'Z' && !Kids[I].Dying;
    free(Kids);
    if (!Busy)
      return;
    sleepMs(10);
  }
}

/* Killing a leftover re-parents its own children to us: repeat until none
 * is left. */
void cleanUp(int Kill) {
  for (;;) {
    while (waitpid(-1, NULL, WNOHANG | __WALL) > 0) {
    }
    if (!Kill)
      return;
    struct rc_proc *Kids;
    size_t N = rc_proc_children(getpid(), &Kids);
    for (size_t I = 0; I < N; ++I)
      if (Kids[I].State != 'Z')
        kill(Kids[I].Pid, SIGKILL);
    free(Kids);
    if (N == 0)
      return;
    sleepMs(5);
  }
}

void passThrough(int Status) {
  if (WIFSIGNALED(Status)) {
    int Sig = WTERMSIG(Status);
    signal(Sig, SIG_DFL);
    struct rlimit NoCore = {0, 0};
    setrlimit(RLIMIT_CORE, &NoCore); /* the program already dumped */
    sigset_t Set;
    sigemptyset(&Set);
    sigaddset(&Set, Sig);
    sigprocmask(SIG_UNBLOCK, &Set, NULL);
    raise(Sig);
    exit(128 + Sig);
  }
  exit(WEXITSTATUS(Status));
}
