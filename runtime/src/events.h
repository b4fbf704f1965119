/*
 * The event file libreapcheck-preload.so appends to (REAPCHECK_EVENTS), and
 * its reader, shared by reapcheck-run and the C API.  One line per event:
 *
 *   P <pid> <ppid> active|passive <exe>          an image started (exec)
 *   S <ppid> <pid> <kind> <tid> <flag> <n> <off>@<module>...
 *                                                a child was started; flag
 *                                                'a': SIGCHLD auto-reaps now,
 *                                                'd': passive image, no stack
 *   R <ppid> <pid> <how>                         a child was reaped
 *   D <pid> ign|dfl|handler nocldwait|-          SIGCHLD disposition changed
 *   E <pid>                                      a recording process ended
 *                                                through exit()
 *
 * Paths are %XX-escaped.  Lines of several processes interleave, so a reap
 * may be logged before its start (a SIGCHLD handler reaping between the
 * fork and its bookkeeping): the reader matches them in either order.
 */
#ifndef REAPCHECK_EVENTS_H
#define REAPCHECK_EVENTS_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct rc_frame {
  uint64_t Off;
  char *Module;
};

struct rc_start {
  pid_t Ppid, Pid, Tid;
  char Kind[16];
  char Flag;
  int Reaped;
  int NFrames;
  struct rc_frame *Frames;
};

struct rc_image {
  pid_t Pid, Ppid;
  int Active;
  char *Exe;
};

struct rc_events {
  struct rc_start *Starts;
  size_t NStarts;
  struct rc_image *Images;
  size_t NImages;
  int AutoReapSeen; /* some process set SIG_IGN/SA_NOCLDWAIT for SIGCHLD */
  pid_t *Exited;    /* E lines */
  size_t NExited;
};

/* Makes room for Need elements of Size bytes in *Ptr (capacity *Cap),
 * doubling; 0 on success, -1 (and *Ptr untouched) when out of memory. */
int rc_reserve(void **Ptr, size_t *Cap, size_t Need, size_t Size);

/* Reads the whole file; 0 on success.  A missing file is an empty log. */
int rc_events_load(const char *Path, struct rc_events *Out);
void rc_events_free(struct rc_events *E);
/* The last start logged for this pid (pids are reused: later wins). */
const struct rc_start *rc_events_last_start(const struct rc_events *E,
                                            pid_t Pid);
/* Whether Pid logged that it ended through exit(). */
int rc_events_exited(const struct rc_events *E, pid_t Pid);
/* The image logged for this pid (its last exec), or NULL: a process that
 * forked without exec logs none. */
const struct rc_image *rc_events_image(const struct rc_events *E, pid_t Pid);

#endif
