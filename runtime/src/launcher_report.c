/*
 * Telling the findings: one stderr line each with the symbolised stack of
 * its start, the summary line, the --json file, and the report SIGUSR2
 * asks for while the program still runs.
 */
#include "launcher.h"
#include "symbolize.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

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

static const char *stateName(const struct rc_proc *P) {
  return P->State == 'X' ? "gone now" : rc_proc_state_name(P->State);
}

void printFindings(FILE *Out, const struct rc_events *E,
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

void printSummary(FILE *Out, const struct Finding *F, size_t N, int Status) {
  size_t Unreaped = 0;
  for (size_t I = 0; I < N; ++I)
    Unreaped += !F[I].Orphan;
  fprintf(Out, TOOL ": %zu unreaped %s, %zu orphaned %s (program %s %d)\n",
          Unreaped, Unreaped == 1 ? "child" : "children", N - Unreaped,
          N - Unreaped == 1 ? "descendant" : "descendants",
          WIFSIGNALED(Status) ? "killed by signal" : "exit status",
          WIFSIGNALED(Status) ? WTERMSIG(Status) : WEXITSTATUS(Status));
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

void writeJson(const char *Path, const struct Finding *F, size_t N,
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

void onDemandReport(const char *Events, pid_t Root) {
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
