// leak.c while the fix is being typed: the status variable has no semicolon
// yet.  The child is still unreaped, but a translation unit that does not
// compile is not judged, so only the compiler's error is shown.
#include <stddef.h>
#include <sys/types.h>
#include <unistd.h>

int spawn_worker(size_t job) {
  pid_t pid = fork();
  if (pid == 0)
    _exit((int)job);
  int status
  return 0;
}
