// The library's reapers: safe_waitpid() reaps the pid it is given;
// wait_any_nohang() hands it -1, so it reaps any child.
#include <errno.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>

pid_t safe_waitpid(pid_t pid, int *status, int options) {
  pid_t r;
  do
    r = waitpid(pid, status, options);
  while (r == -1 && errno == EINTR);
  return r;
}

pid_t wait_any_nohang(int *status) { return safe_waitpid(-1, status, WNOHANG); }

void bb_signals(int sigs, void (*handler)(int)) {
  for (int sig = 0; sigs; sig++, sigs >>= 1)
    if (sigs & 1)
      signal(sig, handler);
}
