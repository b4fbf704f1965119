// Job control: a process group of its own for a job.
#include <unistd.h>

void own_group(pid_t pid) {
  setpgid(pid, pid);
}
