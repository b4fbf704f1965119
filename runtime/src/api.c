/* reapcheck_unreaped_children(): see include/reapcheck/runtime.h. */
#include "reapcheck/runtime.h"

#include "events.h"
#include "procfs.h"
#include "symbolize.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int addPid(pid_t **Pids, size_t *N, size_t *Cap, pid_t P) {
  if (rc_reserve((void **)Pids, Cap, *N + 1, sizeof(pid_t)))
    return -1;
  (*Pids)[(*N)++] = P;
  return 0;
}

/* Children of every thread: each thread is the parent of what it forked. */
static int listChildren(pid_t **Pids, size_t *N) {
  size_t Cap = 0;
  *Pids = NULL;
  *N = 0;
  DIR *D = opendir("/proc/self/task");
  if (!D)
    return -1;
  struct dirent *E;
  int Any = 0;
  while ((E = readdir(D))) {
    if (!isdigit((unsigned char)E->d_name[0]))
      continue;
    char Path[300];
    snprintf(Path, sizeof(Path), "/proc/self/task/%s/children", E->d_name);
    FILE *F = fopen(Path, "re");
    if (!F)
      continue;
    Any = 1;
    long P;
    while (fscanf(F, "%ld", &P) == 1)
      addPid(Pids, N, &Cap, (pid_t)P);
    fclose(F);
  }
  closedir(D);
  if (!Any) {
    /* A kernel without CONFIG_PROC_CHILDREN: look at every process. */
    struct rc_proc *Procs;
    size_t M = rc_proc_children(getpid(), &Procs);
    for (size_t I = 0; I < M; ++I)
      addPid(Pids, N, &Cap, Procs[I].Pid);
    free(Procs);
  }
  return 0;
}

static int byPid(const void *A, const void *B) {
  pid_t X = *(const pid_t *)A, Y = *(const pid_t *)B;
  return (X > Y) - (X < Y);
}

static const struct rc_start *startOf(const struct rc_events *E, pid_t Pid) {
  pid_t Self = getpid();
  for (size_t I = E->NStarts; I-- > 0;)
    if (E->Starts[I].Pid == Pid && E->Starts[I].Ppid == Self)
      return &E->Starts[I];
  return NULL;
}

#define API __attribute__((visibility("default")))

/* The symboliser's caches are not thread-safe. */
static pthread_mutex_t Lock = PTHREAD_MUTEX_INITIALIZER;

static int unreapedChildren(struct reapcheck_child *Out, int Max);

API int reapcheck_unreaped_children(struct reapcheck_child *Out, int Max) {
  pthread_mutex_lock(&Lock);
  int N = unreapedChildren(Out, Max);
  pthread_mutex_unlock(&Lock);
  return N;
}

static int unreapedChildren(struct reapcheck_child *Out, int Max) {
  int Saved = errno;
  pid_t *Pids;
  size_t N;
  if (listChildren(&Pids, &N))
    return -1;
  if (N > 1)
    qsort(Pids, N, sizeof(*Pids), byPid);
  const char *Events = getenv("REAPCHECK_EVENTS");
  struct rc_events E;
  int Loaded = N && Max > 0 && Out && Events && *Events &&
               rc_events_load(Events, &E) == 0;
  for (size_t I = 0; I < N && (int)I < Max && Out; ++I) {
    struct reapcheck_child *C = &Out[I];
    memset(C, 0, sizeof(*C));
    C->pid = Pids[I];
    struct rc_proc P;
    C->state = rc_proc_read(Pids[I], &P) == 0 ? P.State : '?';
    const struct rc_start *S = Loaded ? startOf(&E, Pids[I]) : NULL;
    if (S) {
      snprintf(C->api, sizeof(C->api), "%s", S->Kind);
      rc_headline(S->Frames, S->NFrames, C->site, sizeof(C->site));
    }
  }
  if (Loaded)
    rc_events_free(&E);
  free(Pids);
  errno = Saved;
  return (int)N;
}

API int reapcheck_print_unreaped_children(const char *Prefix) {
  struct reapcheck_child Kids[64];
  int N = reapcheck_unreaped_children(Kids, 64);
  for (int I = 0; I < N && I < 64; ++I)
    fprintf(stderr, "%schild %d (%s)%s%s%s%s\n", Prefix ? Prefix : "",
            (int)Kids[I].pid, rc_proc_state_name(Kids[I].state),
            Kids[I].api[0] ? " started by " : "", Kids[I].api,
            Kids[I].site[0] ? " at " : "", Kids[I].site);
  return N;
}
