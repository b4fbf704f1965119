/* The spawn attributes of the two kinds of children: a job leads its own
   process group; a plain child only gets a signal mask. */
#include <spawn.h>

void job_attrs(posix_spawnattr_t *attr) {
  posix_spawnattr_init(attr);
  posix_spawnattr_setflags(attr, POSIX_SPAWN_SETPGROUP);
}

void plain_attrs(posix_spawnattr_t *attr) {
  posix_spawnattr_init(attr);
  posix_spawnattr_setflags(attr, POSIX_SPAWN_SETSIGMASK);
}
