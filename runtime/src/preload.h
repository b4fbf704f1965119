/*
 * What the two units of libreapcheck-preload.so share: preload.c holds
 * the interposed libc calls (and the library's rules, in its header),
 * preload_events.c the recording state and the event lines those calls
 * append (their format is in events.h).  None of this is exported: the
 * library is built with hidden visibility and exports only the
 * interposed calls.
 */
#ifndef REAPCHECK_PRELOAD_H
#define REAPCHECK_PRELOAD_H

#include <signal.h>
#include <stddef.h>
#include <sys/types.h>

#define MAX_FRAMES 24

typedef int (*sigaction_fn)(int, const struct sigaction *, struct sigaction *);

/* REAPCHECK_EVENTS is set: events are written. */
extern int Enabled;

/* Called once, by the library's constructor once the real calls are
 * resolved: reads the environment, notes the SIGCHLD disposition (through
 * the real sigaction, when there is one) and writes this image's P line. */
void startRecording(sigaction_fn RealSigaction);

/* ---- event lines, built without stdio (async-signal-safe) ---- */

/* Caller-provided storage: reap lines are small, because they are written
 * from SIGCHLD handlers that may run on a small alternate stack. */
struct Line {
  char *Buf;
  size_t Cap;
  size_t Len;
};

#define LINE(Name, Size)                                                       \
  char Name##Storage[Size];                                                    \
  struct Line Name = {Name##Storage, sizeof(Name##Storage), 0}

void put(struct Line *L, const char *S);
void putDec(struct Line *L, long long V);

/* ---- events ---- */

/* The stack of a start, taken in the parent before the real call. */
struct Stack {
  void *Pc[MAX_FRAMES + 8];
  int N;
};

/* Takes the stack, in recording processes only (S->N is 0 elsewhere). */
void capture(struct Stack *S);
void recordStart(const char *Kind, pid_t Child, const struct Stack *S);
void recordReap(const char *How, pid_t Child);
/* The program set SIGCHLD's disposition: noted for later starts, and
 * logged. */
void noteDisposition(void (*Handler)(int), int Flags);

#endif
