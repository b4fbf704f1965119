#include "procfs.h"

#include "events.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int sigkillPending(pid_t Pid) {
  char Path[64], Line[256];
  snprintf(Path, sizeof(Path), "/proc/%d/status", (int)Pid);
  FILE *F = fopen(Path, "re");
  if (!F)
    return 0;
  int Dying = 0;
  while (fgets(Line, sizeof(Line), F)) {
    if (strncmp(Line, "SigPnd:", 7) != 0 && strncmp(Line, "ShdPnd:", 7) != 0)
      continue;
    unsigned long long Mask = strtoull(Line + 7, NULL, 16);
    if (Mask & (1ull << (9 - 1)))
      Dying = 1;
  }
  fclose(F);
  return Dying;
}

int rc_proc_read(pid_t Pid, struct rc_proc *Out) {
  char Path[64], Buf[1024];
  snprintf(Path, sizeof(Path), "/proc/%d/stat", (int)Pid);
  FILE *F = fopen(Path, "re");
  if (!F)
    return -1;
  size_t N = fread(Buf, 1, sizeof(Buf) - 1, F);
  fclose(F);
  Buf[N] = 0;
  char *Open = strchr(Buf, '(');
  char *Close = strrchr(Buf, ')');
  if (!Open || !Close || Close[1] != ' ')
    return -1;
  memset(Out, 0, sizeof(*Out));
  Out->Pid = Pid;
  size_t Len = (size_t)(Close - Open - 1);
  if (Len >= sizeof(Out->Comm))
    Len = sizeof(Out->Comm) - 1;
  memcpy(Out->Comm, Open + 1, Len);
  Out->State = Close[2];
  Out->Ppid = (pid_t)atol(Close + 4);
  Out->Dying = Out->State != 'Z' && sigkillPending(Pid);
  return 0;
}

static int byPid(const void *A, const void *B) {
  const struct rc_proc *X = A, *Y = B;
  return (X->Pid > Y->Pid) - (X->Pid < Y->Pid);
}

size_t rc_proc_children(pid_t Parent, struct rc_proc **Out) {
  size_t N = 0, Cap = 0;
  *Out = NULL;
  DIR *D = opendir("/proc");
  if (!D)
    return 0;
  struct dirent *E;
  while ((E = readdir(D))) {
    if (!isdigit((unsigned char)E->d_name[0]))
      continue;
    struct rc_proc P;
    if (rc_proc_read((pid_t)atol(E->d_name), &P) || P.Ppid != Parent)
      continue;
    if (rc_reserve((void **)Out, &Cap, N + 1, sizeof(P)))
      break;
    (*Out)[N++] = P;
  }
  closedir(D);
  if (N)
    qsort(*Out, N, sizeof(**Out), byPid);
  return N;
}

const char *rc_proc_state_name(char State) {
  switch (State) {
  case 'Z':
    return "zombie";
  case 'T':
  case 't':
    return "stopped";
  default:
    return "running";
  }
}
