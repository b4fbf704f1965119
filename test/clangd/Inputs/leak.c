// A worker is forked and never waited for: it stays <defunct> until the
// parent exits.  Opened in reapcheck-clangd by lsp.test.
#include <stddef.h>
#include <sys/types.h>
#include <unistd.h>

int spawn_worker(size_t job) {
  pid_t pid = fork();
  if (pid == 0)
    _exit((int)job);
  return 0;
}
