// The child is only logged, never waited for.  Whether that is a leak
// depends on the check's options: an unknown function may reap or keep the
// pid, unless HarmlessFunctions says otherwise.
#include <sys/types.h>
#include <unistd.h>

void log_child(pid_t pid);

int spawn_logged(void) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
  log_child(pid);
  return 0;
}
