#include "events.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int rc_reserve(void **Ptr, size_t *Cap, size_t Need, size_t Size) {
  if (Need <= *Cap)
    return 0;
  size_t NewCap = *Cap ? *Cap : 16;
  while (NewCap < Need)
    NewCap *= 2;
  void *New = realloc(*Ptr, NewCap * Size);
  if (!New)
    return -1;
  *Ptr = New;
  *Cap = NewCap;
  return 0;
}

static void unescape(char *S) {
  char *W = S;
  for (char *R = S; *R; ++R) {
    if (R[0] == '%' && R[1] && R[2]) {
      char Hex[3] = {R[1], R[2], 0};
      *W++ = (char)strtol(Hex, NULL, 16);
      R += 2;
    } else {
      *W++ = *R;
    }
  }
  *W = 0;
}

/* Open addressing from (ppid, pid) to the index of the last start; the
 * value also carries "a reap arrived first". */
struct Slot {
  uint64_t Key;
  long Start;   /* -1: none */
  int EarlyReap;
  int Used;
};

struct Table {
  struct Slot *Slots;
  size_t Cap, Count;
};

static uint64_t key(pid_t Ppid, pid_t Pid) {
  return ((uint64_t)(uint32_t)Ppid << 32) | (uint32_t)Pid;
}

static struct Slot *lookup(struct Table *T, uint64_t K);

static void grow(struct Table *T) {
  struct Table New = {calloc(T->Cap ? T->Cap * 2 : 1024, sizeof(struct Slot)),
                      T->Cap ? T->Cap * 2 : 1024, 0};
  for (size_t I = 0; I < T->Cap; ++I)
    if (T->Slots[I].Used)
      *lookup(&New, T->Slots[I].Key) = T->Slots[I];
  for (size_t I = 0; I < New.Cap; ++I)
    New.Count += New.Slots[I].Used;
  free(T->Slots);
  *T = New;
}

static struct Slot *lookup(struct Table *T, uint64_t K) {
  size_t I = (size_t)(K * 0x9E3779B97F4A7C15ull) & (T->Cap - 1);
  while (T->Slots[I].Used && T->Slots[I].Key != K)
    I = (I + 1) & (T->Cap - 1);
  return &T->Slots[I];
}

static struct Slot *find(struct Table *T, uint64_t K) {
  if ((T->Count + 1) * 2 > T->Cap)
    grow(T);
  struct Slot *S = lookup(T, K);
  if (!S->Used) {
    S->Used = 1;
    S->Key = K;
    S->Start = -1;
    S->EarlyReap = 0;
    ++T->Count;
  }
  return S;
}

static int parseStart(char *Rest, struct rc_start *S) {
  char *Save = NULL;
  char *Tok[7];
  for (int I = 0; I < 6; ++I) {
    Tok[I] = strtok_r(I ? NULL : Rest, " ", &Save);
    if (!Tok[I])
      return -1;
  }
  memset(S, 0, sizeof(*S));
  S->Ppid = atoi(Tok[0]);
  S->Pid = atoi(Tok[1]);
  snprintf(S->Kind, sizeof(S->Kind), "%s", Tok[2]);
  S->Tid = atoi(Tok[3]);
  S->Flag = Tok[4][0];
  int N = atoi(Tok[5]);
  S->Frames = calloc(N > 0 ? N : 1, sizeof(struct rc_frame));
  for (int I = 0; I < N; ++I) {
    char *F = strtok_r(NULL, " ", &Save);
    if (!F)
      break;
    char *At = strchr(F, '@');
    if (!At)
      break;
    *At = 0;
    S->Frames[I].Off = strtoull(F, NULL, 16);
    S->Frames[I].Module = strdup(At + 1);
    unescape(S->Frames[I].Module);
    S->NFrames = I + 1;
  }
  return 0;
}

int rc_events_load(const char *Path, struct rc_events *Out) {
  memset(Out, 0, sizeof(*Out));
  FILE *F = fopen(Path, "re");
  if (!F)
    return 0;
  struct Table T = {0};
  grow(&T);
  size_t CapStarts = 0, CapImages = 0, CapExited = 0;
  char *Line = NULL;
  size_t LineCap = 0;
  ssize_t Len;
  while ((Len = getline(&Line, &LineCap, F)) > 0) {
    if (Line[Len - 1] != '\n')
      break; /* torn last line of a process killed mid-write */
    Line[Len - 1] = 0;
    if (Line[0] == 'S' && Line[1] == ' ') {
      struct rc_start S;
      if (parseStart(Line + 2, &S))
        continue;
      if (rc_reserve((void **)&Out->Starts, &CapStarts, Out->NStarts + 1,
                     sizeof(S)))
        break;
      struct Slot *Sl = find(&T, key(S.Ppid, S.Pid));
      if (Sl->EarlyReap) {
        S.Reaped = 1;
        Sl->EarlyReap = 0;
      }
      Sl->Start = (long)Out->NStarts;
      Out->Starts[Out->NStarts++] = S;
    } else if (Line[0] == 'R' && Line[1] == ' ') {
      int Ppid, Pid;
      if (sscanf(Line + 2, "%d %d", &Ppid, &Pid) != 2)
        continue;
      struct Slot *Sl = find(&T, key(Ppid, Pid));
      if (Sl->Start >= 0 && !Out->Starts[Sl->Start].Reaped)
        Out->Starts[Sl->Start].Reaped = 1;
      else
        Sl->EarlyReap = 1;
    } else if (Line[0] == 'P' && Line[1] == ' ') {
      struct rc_image Im;
      char Mode[16];
      int Used = 0;
      if (sscanf(Line + 2, "%d %d %15s %n", &Im.Pid, &Im.Ppid, Mode, &Used) !=
              3 ||
          !Used)
        continue;
      Im.Active = strcmp(Mode, "active") == 0;
      Im.Exe = strdup(Line + 2 + Used);
      unescape(Im.Exe);
      if (rc_reserve((void **)&Out->Images, &CapImages, Out->NImages + 1,
                     sizeof(Im)))
        break;
      Out->Images[Out->NImages++] = Im;
    } else if (Line[0] == 'E' && Line[1] == ' ') {
      if (rc_reserve((void **)&Out->Exited, &CapExited, Out->NExited + 1,
                     sizeof(pid_t)))
        break;
      Out->Exited[Out->NExited++] = (pid_t)atol(Line + 2);
    } else if (Line[0] == 'D' && Line[1] == ' ') {
      if (strstr(Line, " ign") || strstr(Line, "nocldwait"))
        Out->AutoReapSeen = 1;
    }
  }
  free(Line);
  free(T.Slots);
  fclose(F);
  return 0;
}

void rc_events_free(struct rc_events *E) {
  for (size_t I = 0; I < E->NStarts; ++I) {
    for (int J = 0; J < E->Starts[I].NFrames; ++J)
      free(E->Starts[I].Frames[J].Module);
    free(E->Starts[I].Frames);
  }
  free(E->Starts);
  for (size_t I = 0; I < E->NImages; ++I)
    free(E->Images[I].Exe);
  free(E->Images);
  free(E->Exited);
  memset(E, 0, sizeof(*E));
}

const struct rc_start *rc_events_last_start(const struct rc_events *E,
                                            pid_t Pid) {
  for (size_t I = E->NStarts; I-- > 0;)
    if (E->Starts[I].Pid == Pid)
      return &E->Starts[I];
  return NULL;
}

const struct rc_image *rc_events_image(const struct rc_events *E, pid_t Pid) {
  for (size_t I = E->NImages; I-- > 0;)
    if (E->Images[I].Pid == Pid)
      return &E->Images[I];
  return NULL;
}

int rc_events_exited(const struct rc_events *E, pid_t Pid) {
  for (size_t I = 0; I < E->NExited; ++I)
    if (E->Exited[I] == Pid)
      return 1;
  return 0;
}
