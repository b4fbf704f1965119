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
 *
 * This file holds main(), the preload library's lookup and the event log;
 * the units that do the rest (options, supervision, findings, report) are
 * listed in launcher.h.
 */
#include "launcher.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

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

/* Creates the (empty) event log, Kept (--events) or a temporary file, and
 * puts its absolute path in Out; 0, or -1 once the failure has been said. */
static int createEventLog(const char *Kept, char *Out, size_t Size) {
  if (Kept) {
    snprintf(Out, Size, "%s", Kept);
    FILE *F = fopen(Out, "we");
    if (!F) {
      fprintf(stderr, TOOL ": cannot create %s: %s\n", Out, strerror(errno));
      return -1;
    }
    fclose(F);
  } else {
    const char *Tmp = getenv("TMPDIR");
    snprintf(Out, Size, "%s/reapcheck-events-XXXXXX",
             Tmp && *Tmp ? Tmp : "/tmp");
    int Fd = mkostemp(Out, O_CLOEXEC);
    if (Fd < 0) {
      fprintf(stderr, TOOL ": cannot create %s: %s\n", Out, strerror(errno));
      return -1;
    }
    close(Fd);
  }
  /* The program may chdir: give it an absolute path. */
  char Absolute[PATH_MAX];
  if (realpath(Out, Absolute))
    snprintf(Out, Size, "%s", Absolute);
  return 0;
}

/* ---- once the program has exited ---- */

/* Judges what the program (pid Root) left and tells it on stderr and in
 * --json; the number of findings. */
static size_t reportLeftovers(const struct Options *O, const char *Program,
                              const char *Events, pid_t Root, int Status) {
  struct rc_events E;
  rc_events_load(Events, &E);
  struct Finding *F;
  size_t N;
  if (O->Subreaper) {
    settle(O->GraceMs);
    N = classify(&E, Root, &F);
  } else {
    N = classifyFromLog(&E, Root, &F);
  }
  sortFindings(F, N);
  printFindings(stderr, &E, F, N, Root);
  if (N)
    printSummary(stderr, F, N, Status);
  if (O->Json)
    writeJson(O->Json, F, N, Program, Status, O->Subreaper, E.AutoReapSeen);
  free(F);
  rc_events_free(&E);
  return N;
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
  if (createEventLog(O.Events, Events, sizeof(Events)))
    return EXIT_TOOL_FAILURE;
  if (O.Subreaper && prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)) {
    fprintf(stderr, TOOL ": PR_SET_CHILD_SUBREAPER: %s\n", strerror(errno));
    return EXIT_TOOL_FAILURE;
  }
  int Status = 0;
  pid_t Pid = runProgram(&O, Argv + First, Preload, Events, &Status);
  if (Pid < 0)
    return EXIT_TOOL_FAILURE;
  size_t N = reportLeftovers(&O, Argv[First], Events, Pid, Status);
  if (O.Subreaper)
    cleanUp(O.Kill);
  if (!O.Events)
    unlink(Events);
  if (N && WIFEXITED(Status) && WEXITSTATUS(Status) == 0)
    exit(O.ErrorExitCode);
  passThrough(Status);
  return 0;
}
