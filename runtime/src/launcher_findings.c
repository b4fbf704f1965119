/*
 * Judging what the program left, once it has exited (the rules are in
 * launcher.c's header): each process re-parented to reapcheck-run, or
 * with --no-subreaper each start the log has no reap for, becomes a
 * finding (an unreaped child or an orphaned descendant) or nothing.
 */
#include "launcher.h"

#include <stdlib.h>
#include <unistd.h>

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

int isRecordingStart(const struct rc_start *S) { return S && S->Flag != 'd'; }

size_t classify(const struct rc_events *E, pid_t Root, struct Finding **Out) {
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

size_t classifyFromLog(const struct rc_events *E, pid_t Root,
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

/* Unreaped children first, in the order they were started. */
static int byStartOrder(const void *A, const void *B) {
  const struct Finding *X = A, *Y = B;
  if (X->Orphan != Y->Orphan)
    return X->Orphan - Y->Orphan;
  if (!X->Orphan)
    return (X->Own > Y->Own) - (X->Own < Y->Own);
  return (X->Proc.Pid > Y->Proc.Pid) - (X->Proc.Pid < Y->Proc.Pid);
}

void sortFindings(struct Finding *F, size_t N) {
  qsort(F, N, sizeof(*F), byStartOrder);
}
