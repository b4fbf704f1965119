/* A child of its own process group. */
#include <spawn.h>

void attr_detach(posix_spawnattr_t *attr) {
  posix_spawnattr_setflags(attr, POSIX_SPAWN_SETPGROUP);
}
