/*
 * The recording half of libreapcheck-preload.so: the state read from the
 * environment at start-up, the stack of a start, and the event lines
 * (events.h) built without stdio and appended to REAPCHECK_EVENTS with
 * one write() each, so that a wrapper may run in a SIGCHLD handler or in
 * a forking thread.  The interposed calls are in preload.c.
 */
#include "preload.h"

#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <fcntl.h>
#include <link.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define START_LINE_BYTES 8192

static char EventsPath[4096];
int Enabled;       /* REAPCHECK_EVENTS is set */
static int Active; /* record stacks (root program and its forks) */
static char ExePath[4096];
static struct link_map *OwnMap; /* our own module, to skip our frames */
/* The program's SIGCHLD disposition makes the kernel reap (SIG_IGN or
 * SA_NOCLDWAIT): noted on each start, for the report. */
static atomic_int AutoReap;

/* ---- event lines, built without stdio (async-signal-safe) ---- */

void put(struct Line *L, const char *S) {
  while (*S && L->Len + 1 < L->Cap)
    L->Buf[L->Len++] = *S++;
}

static void putChar(struct Line *L, char C) {
  if (L->Len + 1 < L->Cap)
    L->Buf[L->Len++] = C;
}

void putDec(struct Line *L, long long V) {
  char Tmp[24];
  int N = 0;
  unsigned long long U = V < 0 ? -(unsigned long long)V : (unsigned long long)V;
  do {
    Tmp[N++] = (char)('0' + U % 10);
    U /= 10;
  } while (U);
  if (V < 0)
    putChar(L, '-');
  while (N)
    putChar(L, Tmp[--N]);
}

static void putHex(struct Line *L, uintptr_t V) {
  char Tmp[24];
  int N = 0;
  do {
    Tmp[N++] = "0123456789abcdef"[V & 15];
    V >>= 4;
  } while (V);
  put(L, "0x");
  while (N)
    putChar(L, Tmp[--N]);
}

/* Paths go on a space-separated line: escape space, '%' and control bytes. */
static void putPath(struct Line *L, const char *S) {
  for (; *S; ++S) {
    unsigned char C = (unsigned char)*S;
    if (C <= ' ' || C == '%' || C == 0x7f) {
      putChar(L, '%');
      putChar(L, "0123456789ABCDEF"[C >> 4]);
      putChar(L, "0123456789ABCDEF"[C & 15]);
    } else {
      putChar(L, (char)C);
    }
  }
}

static void emit(struct Line *L) {
  int Saved = errno;
  putChar(L, '\n');
  int Fd = open(EventsPath, O_WRONLY | O_APPEND | O_CLOEXEC);
  if (Fd >= 0) {
    /* O_APPEND on a regular file: one write() is one unbroken line even
     * when several processes and threads append at once. */
    ssize_t W = write(Fd, L->Buf, L->Len);
    (void)W;
    close(Fd);
  }
  errno = Saved;
}

/* ---- start sites ---- */

void capture(struct Stack *S) {
  S->N = 0;
  if (!Active)
    return;
  int Saved = errno;
  S->N = backtrace(S->Pc, MAX_FRAMES + 8);
  errno = Saved;
}

/* The module a return address is in.  _dl_find_object (glibc 2.35) is a
 * lock-free lookup and async-signal-safe; dladdr also searches the symbol
 * table, which made a start cost ~40 us more. */
static struct link_map *moduleOf(void *Pc) {
#if defined(__GLIBC__) && __GLIBC_PREREQ(2, 35)
  struct dl_find_object Found;
  if (_dl_find_object(Pc, &Found) == 0)
    return Found.dlfo_link_map;
  return NULL;
#else
  Dl_info Info;
  struct link_map *Map = NULL;
  if (!dladdr1(Pc, &Info, (void **)&Map, RTLD_DL_LINKMAP))
    return NULL;
  return Map;
#endif
}

static void putFrames(struct Line *L, const struct Stack *S) {
  struct {
    uintptr_t Off;
    const char *Path;
  } Kept[MAX_FRAMES];
  int N = 0;
  for (int I = 0; I < S->N && N < MAX_FRAMES; ++I) {
    struct link_map *Map = moduleOf(S->Pc[I]);
    if (!Map) {
      Kept[N].Off = (uintptr_t)S->Pc[I];
      Kept[N++].Path = "?";
      continue;
    }
    if (Map == OwnMap)
      continue; /* our wrapper, not the program */
    Kept[N].Off = (uintptr_t)S->Pc[I] - (uintptr_t)Map->l_addr;
    Kept[N++].Path = Map->l_name[0] ? Map->l_name : ExePath;
  }
  putDec(L, N);
  for (int I = 0; I < N; ++I) {
    putChar(L, ' ');
    putHex(L, Kept[I].Off);
    putChar(L, '@');
    putPath(L, Kept[I].Path);
  }
}

/* ---- the events ---- */

void recordStart(const char *Kind, pid_t Child, const struct Stack *S) {
  if (!Enabled || Child <= 0)
    return;
  int Saved = errno;
  LINE(L, START_LINE_BYTES);
  put(&L, "S ");
  putDec(&L, getpid());
  putChar(&L, ' ');
  putDec(&L, Child);
  putChar(&L, ' ');
  put(&L, Kind);
  putChar(&L, ' ');
  putDec(&L, gettid());
  putChar(&L, ' ');
  put(&L, !Active ? "d" : atomic_load(&AutoReap) ? "a" : "-");
  putChar(&L, ' ');
  putFrames(&L, S);
  emit(&L);
  errno = Saved;
}

void recordReap(const char *How, pid_t Child) {
  if (!Enabled || !Active || Child <= 0)
    return;
  LINE(L, 256);
  put(&L, "R ");
  putDec(&L, getpid());
  putChar(&L, ' ');
  putDec(&L, Child);
  putChar(&L, ' ');
  put(&L, How);
  emit(&L);
}

void noteDisposition(void (*Handler)(int), int Flags) {
  int Auto = Handler == SIG_IGN || (Flags & SA_NOCLDWAIT);
  atomic_store(&AutoReap, Auto);
  if (!Enabled || !Active)
    return;
  LINE(L, 256);
  put(&L, "D ");
  putDec(&L, getpid());
  put(&L, Handler == SIG_IGN ? " ign" : Handler == SIG_DFL ? " dfl" : " handler");
  put(&L, (Flags & SA_NOCLDWAIT) ? " nocldwait" : " -");
  emit(&L);
}

/* ---- start-up and exit ---- */

static int OwnAnchor;

void startRecording(sigaction_fn RealSigaction) {
  const char *Events = getenv("REAPCHECK_EVENTS");
  if (!Events || !*Events || strlen(Events) >= sizeof(EventsPath))
    return;
  strcpy(EventsPath, Events);
  Enabled = 1;
  const char *Root = getenv("REAPCHECK_ROOT_PID");
  const char *Follow = getenv("REAPCHECK_FOLLOW_EXEC");
  Active = (Follow && strcmp(Follow, "1") == 0) ||
           (Root && atol(Root) == (long)getpid());
  ssize_t N = readlink("/proc/self/exe", ExePath, sizeof(ExePath) - 1);
  ExePath[N > 0 ? N : 0] = 0;
  OwnMap = moduleOf((void *)&OwnAnchor);
  struct sigaction Cur;
  if (RealSigaction && RealSigaction(SIGCHLD, NULL, &Cur) == 0)
    atomic_store(&AutoReap,
                 Cur.sa_handler == SIG_IGN || (Cur.sa_flags & SA_NOCLDWAIT));
  if (Active) {
    /* The first backtrace() dlopens the unwinder: do it now, not inside a
     * SIGCHLD handler or between a fork and its bookkeeping. */
    void *Warm[2];
    backtrace(Warm, 2);
  }
  LINE(L, 256);
  put(&L, "P ");
  putDec(&L, getpid());
  putChar(&L, ' ');
  putDec(&L, getppid());
  put(&L, Active ? " active " : " passive ");
  putPath(&L, ExePath);
  emit(&L);
}

/* Ended through exit() (not _exit, not a signal): the launcher judges this
 * process's leftovers as it judges the program's. */
__attribute__((destructor)) static void fini(void) {
  if (!Enabled || !Active)
    return;
  LINE(L, 64);
  put(&L, "E ");
  putDec(&L, getpid());
  emit(&L);
}

