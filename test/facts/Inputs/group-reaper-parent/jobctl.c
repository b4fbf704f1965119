#include <unistd.h>

/* A job gets a process group of its own: ^C at the launcher misses it. */
void own_group(pid_t pid) {
  setpgid(pid, pid);
}

/* Makes sure the job is in the launcher's group. */
void same_group(pid_t pid) {
  setpgid(pid, getpgrp());
}
