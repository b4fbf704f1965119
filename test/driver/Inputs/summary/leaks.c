// Starts of summary-counts.test: two warnings "not reaped", one leak whose
// warning NOLINT hides (no warning, so no count of leaks), one reaped child.
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int never_reaped(void) {
  pid_t pid = fork();
  return pid > 0;
}

int killed_only(void) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
  kill(pid, SIGTERM);
  return 0;
}

int hidden(void) {
  pid_t pid = fork(); // NOLINT(process-unreaped-child)
  return pid > 0;
}

int reaped(void) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
  return waitpid(pid, NULL, 0) == pid;
}
