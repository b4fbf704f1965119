/*
 * What the units of reapcheck-run share.  launcher.c holds main() and the
 * overview of what reapcheck-run does; the other units, one job each:
 *
 *   launcher_options.c    the command line
 *   launcher_supervise.c  running the program: its environment, the signals
 *                         forwarded to it, the wait, the clean-up, its status
 *   launcher_findings.c   judging the processes it left, in report order
 *   launcher_report.c     telling them: text, JSON, the SIGUSR2 report
 */
#ifndef REAPCHECK_LAUNCHER_H
#define REAPCHECK_LAUNCHER_H

#include "events.h"
#include "procfs.h"

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

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

struct Finding {
  int Orphan;
  struct rc_proc Proc;
  const struct rc_start *Own;      /* its own start, if recorded */
  const struct rc_start *Ancestor; /* orphans: the program's child */
};

/* ---- launcher_options.c ---- */

/* Fills *O; the index of PROGRAM in Argv, or -1 once the usage or the bad
 * value has been printed.  --help prints the usage and exits 0. */
int parseOptions(int Argc, char **Argv, struct Options *O);

/* ---- launcher_supervise.c ---- */

/* Starts Program (argv-style, Program[0] searched in PATH) with the
 * preload library and the event log, waits for it alone, answering
 * SIGUSR2 meanwhile; its pid, with its wait status in *Status, or -1 once
 * the failure has been said. */
pid_t runProgram(const struct Options *O, char **Program, const char *Preload,
                 const char *Events, int *Status);
/* Waits up to GraceMs for the orphans still on their way out. */
void settle(int GraceMs);
/* Kills what still runs (unless !Kill) and reaps everything. */
void cleanUp(int Kill);
/* Exits as the program did: its exit status, or its signal. */
void passThrough(int Status);

/* ---- launcher_findings.c ---- */

/* Whether S recorded a stack (its process was a recording one). */
int isRecordingStart(const struct rc_start *S);
/* Subreaper mode: judges every process re-parented to us. */
size_t classify(const struct rc_events *E, pid_t Root, struct Finding **Out);
/* --no-subreaper: judges from the log alone. */
size_t classifyFromLog(const struct rc_events *E, pid_t Root,
                       struct Finding **Out);
/* Puts the findings in the order they are reported. */
void sortFindings(struct Finding *F, size_t N);

/* ---- launcher_report.c ---- */

void printFindings(FILE *Out, const struct rc_events *E,
                   const struct Finding *F, size_t N, pid_t Root);
/* The last line: how many of each, and how the program ended. */
void printSummary(FILE *Out, const struct Finding *F, size_t N, int Status);
void writeJson(const char *Path, const struct Finding *F, size_t N,
               const char *Program, int Status, int Subreaper,
               int AutoReapSeen);
/* SIGUSR2: the children started and not yet reaped, while Root runs. */
void onDemandReport(const char *Events, pid_t Root);

#endif
