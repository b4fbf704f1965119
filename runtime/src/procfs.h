/* What /proc says about processes, read without touching them. */
#ifndef REAPCHECK_PROCFS_H
#define REAPCHECK_PROCFS_H

#include <stddef.h>
#include <sys/types.h>

struct rc_proc {
  pid_t Pid, Ppid;
  char State;      /* 'R', 'S', 'Z', ... as in /proc/PID/stat */
  char Comm[64];
  int Dying;       /* SIGKILL pending: already on its way out */
};

/* Reads /proc/PID/stat (and status); 0 when the process exists. */
int rc_proc_read(pid_t Pid, struct rc_proc *Out);
/* Every process whose parent is Parent, sorted by pid; caller frees. */
size_t rc_proc_children(pid_t Parent, struct rc_proc **Out);
/* "zombie", "stopped" or "running". */
const char *rc_proc_state_name(char State);

#endif
