/* The spawn attributes of the two kinds of children: a job's are set by
   detach.c's attr_detach(); a plain child only gets a signal mask. */
#include <spawn.h>

void attr_detach(posix_spawnattr_t *attr);

void job_attrs(posix_spawnattr_t *attr) {
  posix_spawnattr_init(attr);
  attr_detach(attr);
}

void plain_attrs(posix_spawnattr_t *attr) {
  posix_spawnattr_init(attr);
  posix_spawnattr_setflags(attr, POSIX_SPAWN_SETSIGMASK);
}
