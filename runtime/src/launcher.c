/*
 * reapcheck-run [OPTIONS] -- PROGRAM [ARGS...]
 *
 * Runs PROGRAM as its only direct child with libreapcheck-preload.so
 * preloaded, as a child subreaper (PR_SET_CHILD_SUBREAPER) so that whatever
 * the program leaves behind is re-parented here and not to init.  While the
 * program runs, reapcheck-run only waits for that one pid; it reaps nothing
 * else until the program has exited.  Then:
 *
 *   every process now re-parented to us is one of
 *     - a child the program started and never reaped
 *       (zombie or still running), or the zombie of a child a recording
 *       descendant left when it ended through exit()  -> "unreaped child"
 *     - a deeper descendant still running             -> "orphaned descendant",
 *       named by the start site of the program's child it descends from
 *     - a descendant that exited after being orphaned -> nothing to report
 *   a started child neither reaped nor present here was reaped by the
 *   kernel (SIGCHLD ignored) or by a call we do not see: not reported.
 *
 * then kills (unless --no-kill) and reaps them all, and exits with the
 * program's status, or with --error-exitcode when the program exited 0 and
 * something was reported.  A program killed by a signal is passed through
 * by killing ourselves with the same signal.
 */
#include "events.h"
#include "procfs.h"
#include "symbolize.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define TOOL "reapcheck-run"
#define EXIT_TOOL_FAILURE 125

struct Options {
  const char *Json;
  const char *Events; /* --events FILE: keep the log there */
  int FollowExec;
  int Subreaper;
  int Kill;
  int ErrorExitCode;
  int GraceMs;
};

static volatile sig_atomic_t ReportRequested;
static volatile pid_t ProgramPid;

static void usage(FILE *Out) {
  fprintf(Out,
          "usage: " TOOL " [OPTIONS] -- PROGRAM [ARGS...]\n"
          "Runs PROGRAM and reports every child process it started and never\n"
          "reaped, with the place in the program that started it.\n\n"
          "  --json FILE          also write the findings as JSON to FILE\n"
          "  --follow-exec        also check programs PROGRAM's children exec\n"
          "  --no-subreaper       do not adopt orphaned descendants (no orphan\n"
          "                       report; unreaped children judged from the log)\n"
          "  --no-kill            leave still-running leftovers running\n"
          "  --error-exitcode N   exit status when PROGRAM exited 0 but something\n"
          "                       was reported (default 66)\n"
          "  --grace MS           wait up to MS for orphans on their way out\n"
          "                       before reporting them (default 200)\n"
          "  --events FILE        keep the raw event log in FILE\n\n"
          "While it runs, SIGUSR2 to " TOOL " prints the children started and\n"
          "not yet reaped so far.  Exit status: PROGRAM's, or the value above;\n"
          "125 when " TOOL " itself fails, 126/127 when PROGRAM cannot run.\n");
}

static int parseOptions(int Argc, char **Argv, struct Options *O) {
  static const struct option Long[] = {
      {"json", required_argument, 0, 'j'},
      {"follow-exec", no_argument, 0, 'f'},
      {"no-subreaper", no_argument, 0, 's'},
      {"no-kill", no_argument, 0, 'k'},
      {"error-exitcode", required_argument, 0, 'e'},
      {"grace", required_argument, 0, 'g'},
      {"events", required_argument, 0, 'v'},
      {"help", no_argument, 0, 'h'},
      {0, 0, 0, 0}};
  *O = (struct Options){.Subreaper = 1, .Kill = 1, .ErrorExitCode = 66,
                        .GraceMs = 200};
  int C;
  /* '+': stop at the first non-option, PROGRAM's own options are its own. */
  while ((C = getopt_long(Argc, Argv, "+h", Long, NULL)) != -1) {
    char *End;
    switch (C) {
    case 'j':
      O->Json = optarg;
      break;
    case 'f':
      O->FollowExec = 1;
      break;
    case 's':
      O->Subreaper = 0;
      break;
    case 'k':
      O->Kill = 0;
      break;
    case 'e':
    case 'g': {
      long V = strtol(optarg, &End, 10);
      if (*End || V < 0 || (C == 'e' && V > 255) || V > INT_MAX) {
        fprintf(stderr, TOOL ": bad value '%s' for --%s\n", optarg,
                C == 'e' ? "error-exitcode" : "grace");
        return -1;
      }
      if (C == 'e')
        O->ErrorExitCode = (int)V;
      else
        O->GraceMs = (int)V;
      break;
    }
    case 'v':
      O->Events = optarg;
      break;
    case 'h':
      usage(stdout);
      exit(0);
    default:
      usage(stderr);
      return -1;
    }
  }
  if (optind >= Argc) {
    usage(stderr);
    return -1;
  }
  return optind;
}

/* ---- the preload library and the event log ---- */

static int findPreload(char *Out, size_t Size) {
  const char *Env = getenv("REAPCHECK_PRELOAD");
  if (Env && *Env) {
    snprintf(Out, Size, "%s", Env);
    return access(Out, R_OK);
  }
  char Self[PATH_MAX];
  ssize_t N = readlink("/proc/self/exe", Self, sizeof(Self) - 1);
  if (N <= 0)
    return -1;
  Self[N] = 0;
  char *Slash = strrchr(Self, '/');
  *Slash = 0;
  const char *Candidates[] = {"/libreapcheck-preload.so",
                              "/../lib/reapcheck/libreapcheck-preload.so"};
  for (size_t I = 0; I < sizeof(Candidates) / sizeof(*Candidates); ++I) {
    int N2 = snprintf(Out, Size, "%.*s%s", (int)(Size / 2), Self,
                      Candidates[I]);
    if (N2 > 0 && (size_t)N2 < Size && access(Out, R_OK) == 0)
      return 0;
  }
  return -1;
}

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

/* ---- findings ---- */

struct Site {
  const struct rc_start *Start;
  char Head[2048]; /* first frame with file:line, else the first frame */
};

struct Finding {
  int Orphan;
  struct rc_proc Proc;
  const struct rc_start *Own;      /* its own start, if recorded */
  const struct rc_start *Ancestor; /* orphans: the program's child */
};

static void siteOf(const struct rc_start *S, char *Out, size_t Size) {
  rc_headline(S->Frames, S->NFrames, Out, Size);
}

static void printStack(FILE *Out, const struct rc_start *S) {
  for (int I = 0; I < S->NFrames; ++I) {
    struct rc_sym Sym;
    rc_symbolize(S->Frames[I].Module, S->Frames[I].Off, &Sym);
    char Buf[2048];
    rc_format_frame(S->Frames[I].Module, S->Frames[I].Off, &Sym, Buf,
                    sizeof(Buf));
    fprintf(Out, TOOL ":     #%d %s\n", I, Buf);
  }
}

static void describeStart(char *Out, size_t Size, const struct rc_events *E,
                          const struct rc_start *S, pid_t Root) {
  char Site[2048];
  siteOf(S, Site, sizeof(Site));
  const struct rc_image *Im = rc_events_image(E, S->Ppid);
  if (S->Ppid == Root)
    snprintf(Out, Size, "started by %s at %s", S->Kind, Site);
  else if (Im && Im->Exe[0])
    snprintf(Out, Size, "started by %s in process %d (%s) at %s", S->Kind,
             (int)S->Ppid, Im->Exe, Site);
  else
    snprintf(Out, Size, "started by %s in process %d at %s", S->Kind,
             (int)S->Ppid, Site);
}

/* The program's child a descendant comes from: follow recorded starts up
 * to one whose parent is the program.  Bounded: pids can repeat. */
static const struct rc_start *ancestorOf(const struct rc_events *E,
                                         const struct rc_start *S, pid_t Root) {
  for (int Depth = 0; S && Depth < 64; ++Depth) {
    if (S->Ppid == Root)
      return S;
    S = rc_events_last_start(E, S->Ppid);
  }
  return NULL;
}

static int isRecordingStart(const struct rc_start *S) {
  return S && S->Flag != 'd';
}

/* Subreaper mode: judge every process re-parented to us. */
static size_t classify(const struct rc_events *E, pid_t Root,
                       struct Finding **Out) {
  struct rc_proc *Kids;
  size_t N = rc_proc_children(getpid(), &Kids);
  size_t Count = 0;
  *Out = calloc(N ? N : 1, sizeof(**Out));
  for (size_t I = 0; I < N; ++I) {
    const struct rc_start *S = rc_events_last_start(E, Kids[I].Pid);
    /* A descendant's zombie counts against it only if it ended through
     * exit(), as the program does; one killed alone never had the chance
     * to reap (its running children are orphans, reported below). */
    int Unreaped = isRecordingStart(S) && !S->Reaped &&
                   (S->Ppid == Root ||
                    (Kids[I].State == 'Z' && rc_events_exited(E, S->Ppid)));
    struct Finding F = {.Proc = Kids[I]};
    if (Unreaped) {
      F.Own = S;
    } else {
      if (Kids[I].State == 'Z' || Kids[I].Dying)
        continue; /* exited (or exiting) after its parent: nothing left */
      F.Orphan = 1;
      F.Own = isRecordingStart(S) ? S : NULL;
      F.Ancestor = S ? ancestorOf(E, S, Root) : NULL;
    }
    (*Out)[Count++] = F;
  }
  free(Kids);
  return Count;
}

/* --no-subreaper: only the log can tell. */
static size_t classifyFromLog(const struct rc_events *E, pid_t Root,
                              struct Finding **Out) {
  size_t Count = 0;
  *Out = calloc(E->NStarts ? E->NStarts : 1, sizeof(**Out));
  for (size_t I = 0; I < E->NStarts; ++I) {
    const struct rc_start *S = &E->Starts[I];
    if (!isRecordingStart(S) || S->Reaped || S->Flag == 'a' ||
        (S->Ppid != Root && !rc_events_exited(E, S->Ppid)))
      continue;
    struct Finding F = {.Own = S};
    if (rc_proc_read(S->Pid, &F.Proc) != 0) {
      F.Proc.Pid = S->Pid;
      F.Proc.State = 'X';
    }
    (*Out)[Count++] = F;
  }
  return Count;
}

static const char *stateName(const struct rc_proc *P) {
  return P->State == 'X' ? "gone now" : rc_proc_state_name(P->State);
}

/* Unreaped children first, in the order they were started. */
static int byStartOrder(const void *A, const void *B) {
  const struct Finding *X = A, *Y = B;
  if (X->Orphan != Y->Orphan)
    return X->Orphan - Y->Orphan;
  if (!X->Orphan)
    return (X->Own > Y->Own) - (X->Own < Y->Own);
  return (X->Proc.Pid > Y->Proc.Pid) - (X->Proc.Pid < Y->Proc.Pid);
}

static void printFindings(FILE *Out, const struct rc_events *E,
                          const struct Finding *F, size_t N, pid_t Root) {
  char Desc[4096];
  for (size_t I = 0; I < N; ++I) {
    if (!F[I].Orphan) {
      describeStart(Desc, sizeof(Desc), E, F[I].Own, Root);
      fprintf(Out, TOOL ": unreaped child %d (%s) %s\n", (int)F[I].Proc.Pid,
              stateName(&F[I].Proc), Desc);
      printStack(Out, F[I].Own);
      continue;
    }
    if (F[I].Ancestor) {
      describeStart(Desc, sizeof(Desc), E, F[I].Ancestor, Root);
      fprintf(Out, TOOL ": orphaned descendant %d (%s, %s) of child %d %s\n",
              (int)F[I].Proc.Pid, F[I].Proc.Comm, stateName(&F[I].Proc),
              (int)F[I].Ancestor->Pid, Desc);
    } else {
      fprintf(Out,
              TOOL ": orphaned descendant %d (%s, %s) whose start was not "
                   "recorded\n",
              (int)F[I].Proc.Pid, F[I].Proc.Comm, stateName(&F[I].Proc));
    }
    if (F[I].Own && F[I].Own != F[I].Ancestor) {
      describeStart(Desc, sizeof(Desc), E, F[I].Own, Root);
      fprintf(Out, TOOL ":   itself %s\n", Desc);
      printStack(Out, F[I].Own);
    } else if (F[I].Ancestor) {
      printStack(Out, F[I].Ancestor);
    }
  }
}

/* ---- JSON ---- */

static void jsonString(FILE *Out, const char *S) {
  fputc('"', Out);
  for (; *S; ++S) {
    unsigned char C = (unsigned char)*S;
    if (C == '"' || C == '\\')
      fprintf(Out, "\\%c", C);
    else if (C < 0x20)
      fprintf(Out, "\\u%04x", C);
    else
      fputc(C, Out);
  }
  fputc('"', Out);
}

static void jsonStart(FILE *Out, const struct rc_start *S) {
  if (!S) {
    fputs("null", Out);
    return;
  }
  char Site[2048];
  siteOf(S, Site, sizeof(Site));
  fprintf(Out, "{\"pid\": %d, \"parent\": %d, \"thread\": %d, \"api\": ",
          (int)S->Pid, (int)S->Ppid, (int)S->Tid);
  jsonString(Out, S->Kind);
  fputs(", \"site\": ", Out);
  jsonString(Out, Site);
  fputs(", \"stack\": [", Out);
  for (int I = 0; I < S->NFrames; ++I) {
    struct rc_sym Sym;
    rc_symbolize(S->Frames[I].Module, S->Frames[I].Off, &Sym);
    fputs(I ? ", {\"module\": " : "{\"module\": ", Out);
    jsonString(Out, S->Frames[I].Module);
    fprintf(Out, ", \"offset\": \"0x%llx\", \"function\": ",
            (unsigned long long)S->Frames[I].Off);
    jsonString(Out, Sym.Func);
    fputs(", \"file\": ", Out);
    jsonString(Out, Sym.File);
    fprintf(Out, ", \"line\": %d}", Sym.Line);
  }
  fputs("]}", Out);
}

static void writeJson(const char *Path, const struct Finding *F, size_t N,
                      const char *Program, int Status, int Subreaper,
                      int AutoReapSeen) {
  FILE *Out = fopen(Path, "we");
  if (!Out) {
    fprintf(stderr, TOOL ": cannot write %s: %s\n", Path, strerror(errno));
    return;
  }
  fputs("{\"program\": ", Out);
  jsonString(Out, Program);
  if (WIFSIGNALED(Status))
    fprintf(Out, ", \"exit_status\": null, \"signal\": %d", WTERMSIG(Status));
  else
    fprintf(Out, ", \"exit_status\": %d, \"signal\": null",
            WEXITSTATUS(Status));
  fprintf(Out, ", \"subreaper\": %s, \"sigchld_autoreap_seen\": %s",
          Subreaper ? "true" : "false", AutoReapSeen ? "true" : "false");
  for (int Pass = 0; Pass < 2; ++Pass) {
    fputs(Pass ? ", \"orphaned\": [" : ", \"unreaped\": [", Out);
    int First = 1;
    for (size_t I = 0; I < N; ++I) {
      if (F[I].Orphan != Pass)
        continue;
      fprintf(Out, "%s{\"pid\": %d, \"state\": ", First ? "" : ", ",
              (int)F[I].Proc.Pid);
      First = 0;
      jsonString(Out, stateName(&F[I].Proc));
      fputs(", \"command\": ", Out);
      jsonString(Out, F[I].Proc.Comm);
      fputs(", \"start\": ", Out);
      jsonStart(Out, F[I].Own);
      if (Pass) {
        fputs(", \"ancestor\": ", Out);
        jsonStart(Out, F[I].Ancestor);
      }
      fputs("}", Out);
    }
    fputs("]", Out);
  }
  fputs("}\n", Out);
  fclose(Out);
}

/* ---- on-demand report (SIGUSR2 to reapcheck-run) ---- */

static void onDemandReport(const char *Events, pid_t Root) {
  struct rc_events E;
  rc_events_load(Events, &E);
  size_t Shown = 0;
  for (size_t I = 0; I < E.NStarts; ++I) {
    const struct rc_start *S = &E.Starts[I];
    struct rc_proc P;
    if (!isRecordingStart(S) || S->Reaped || rc_proc_read(S->Pid, &P) ||
        P.Ppid != S->Ppid)
      continue;
    char Desc[4096];
    describeStart(Desc, sizeof(Desc), &E, S, Root);
    fprintf(stderr, TOOL ": (now) unreaped child %d (%s) %s\n", (int)S->Pid,
            rc_proc_state_name(P.State), Desc);
    ++Shown;
  }
  fprintf(stderr, TOOL ": (now) %zu unreaped %s\n", Shown,
          Shown == 1 ? "child" : "children");
  rc_events_free(&E);
}

/* ---- signals while the program runs ---- */

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

static void sleepMs(int Ms) {
  struct timespec T = {Ms / 1000, (long)(Ms % 1000) * 1000000L};
  while (nanosleep(&T, &T) && errno == EINTR) {
  }
}

/* Orphans killed together with their parent can still be on their way
 * out for a moment after the program exits. */
static void settle(int GraceMs) {
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

/* Kill what still runs (unless --no-kill) and reap everything.  Killing a
 * leftover re-parents its own children to us: repeat until none is left. */
static void cleanUp(int Kill) {
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

static void passThrough(int Status) {
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

int main(int Argc, char **Argv) {
  struct Options O;
  int First = parseOptions(Argc, Argv, &O);
  if (First < 0)
    return EXIT_TOOL_FAILURE;
  char Preload[PATH_MAX];
  if (findPreload(Preload, sizeof(Preload))) {
    fprintf(stderr, TOOL ": cannot find libreapcheck-preload.so next to "
                         "reapcheck-run (set REAPCHECK_PRELOAD)\n");
    return EXIT_TOOL_FAILURE;
  }
  char Events[PATH_MAX];
  if (O.Events) {
    snprintf(Events, sizeof(Events), "%s", O.Events);
    FILE *F = fopen(Events, "we");
    if (!F) {
      fprintf(stderr, TOOL ": cannot create %s: %s\n", Events, strerror(errno));
      return EXIT_TOOL_FAILURE;
    }
    fclose(F);
  } else {
    const char *Tmp = getenv("TMPDIR");
    snprintf(Events, sizeof(Events), "%s/reapcheck-events-XXXXXX",
             Tmp && *Tmp ? Tmp : "/tmp");
    int Fd = mkostemp(Events, O_CLOEXEC);
    if (Fd < 0) {
      fprintf(stderr, TOOL ": cannot create %s: %s\n", Events, strerror(errno));
      return EXIT_TOOL_FAILURE;
    }
    close(Fd);
  }
  /* The program may chdir: give it an absolute path. */
  char Absolute[PATH_MAX];
  if (realpath(Events, Absolute))
    snprintf(Events, sizeof(Events), "%s", Absolute);
  if (O.Subreaper && prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)) {
    fprintf(stderr, TOOL ": PR_SET_CHILD_SUBREAPER: %s\n", strerror(errno));
    return EXIT_TOOL_FAILURE;
  }
  struct sigaction Saved[NUM_HANDLED];
  installHandlers(Saved);
  fflush(NULL);
  pid_t Pid = fork();
  if (Pid < 0) {
    perror(TOOL ": fork");
    return EXIT_TOOL_FAILURE;
  }
  if (Pid == 0) {
    restoreHandlers(Saved);
    prepareChildEnv(&O, Preload, Events);
    execvp(Argv[First], Argv + First);
    int E = errno;
    fprintf(stderr, TOOL ": cannot run %s: %s\n", Argv[First], strerror(E));
    _exit(E == ENOENT ? 127 : 126);
  }
  ProgramPid = Pid;
  if (PendingSignal)
    kill(Pid, PendingSignal);
  /* Inherited SIG_IGN would let the kernel reap the program and everything
   * adopted; the program keeps what it inherited (it is forked already). */
  signal(SIGCHLD, SIG_DFL);
  /* A SIGUSR2 that arrives before waitpid() is entered (a loaded machine
   * runs the program first) would only be seen when the program exits:
   * a timer interrupts the wait every 100 ms to look at the flag.  Interval
   * timers are not inherited across fork, so the program never sees it. */
  wakeEvery(100);
  int Status = 0;
  for (;;) {
    if (ReportRequested) {
      ReportRequested = 0;
      onDemandReport(Events, Pid);
    }
    pid_t R = waitpid(Pid, &Status, 0);
    if (R == Pid)
      break;
    if (R < 0 && errno != EINTR) {
      perror(TOOL ": waitpid");
      return EXIT_TOOL_FAILURE;
    }
  }
  wakeEvery(0);

  struct rc_events E;
  rc_events_load(Events, &E);
  struct Finding *F;
  size_t N;
  if (O.Subreaper) {
    settle(O.GraceMs);
    N = classify(&E, Pid, &F);
  } else {
    N = classifyFromLog(&E, Pid, &F);
  }
  qsort(F, N, sizeof(*F), byStartOrder);
  printFindings(stderr, &E, F, N, Pid);
  size_t Unreaped = 0;
  for (size_t I = 0; I < N; ++I)
    Unreaped += !F[I].Orphan;
  if (N)
    fprintf(stderr,
            TOOL ": %zu unreaped %s, %zu orphaned %s (program %s %d)\n",
            Unreaped, Unreaped == 1 ? "child" : "children", N - Unreaped,
            N - Unreaped == 1 ? "descendant" : "descendants",
            WIFSIGNALED(Status) ? "killed by signal" : "exit status",
            WIFSIGNALED(Status) ? WTERMSIG(Status) : WEXITSTATUS(Status));
  if (O.Json)
    writeJson(O.Json, F, N, Argv[First], Status, O.Subreaper, E.AutoReapSeen);
  free(F);
  rc_events_free(&E);
  if (O.Subreaper)
    cleanUp(O.Kill);
  if (!O.Events)
    unlink(Events);
  if (N && WIFEXITED(Status) && WEXITSTATUS(Status) == 0)
    exit(O.ErrorExitCode);
  passThrough(Status);
  return 0;
}
