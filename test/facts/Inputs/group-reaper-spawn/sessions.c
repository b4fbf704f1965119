#include <spawn.h>
#include <stddef.h>
#include <sys/types.h>

void job_attrs(posix_spawnattr_t *attr);
void plain_attrs(posix_spawnattr_t *attr);
static char *const argv[] = {"true", NULL};

void spawn_session(void) {
  posix_spawnattr_t attr;
  pid_t pid;
  job_attrs(&attr);
  posix_spawn(&pid, "/bin/true", NULL, &attr, argv, NULL);
  posix_spawnattr_destroy(&attr);
}

void spawn_plain(void) {
  posix_spawnattr_t attr;
  pid_t pid;
  plain_attrs(&attr);
  posix_spawn(&pid, "/bin/true", NULL, &attr, argv, NULL);
  posix_spawnattr_destroy(&attr);
}
