// How clangd presents the check's notes and fix-its (see notes.test).
#include <signal.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void stop_worker(void) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
  kill(pid, SIGTERM);
}

int run_job(int skip) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
  if (skip)
    return 1;
  waitpid(pid, NULL, 0);
  return 0;
}

void reaped_by_handler(void) {
  pid_t pid = fork(); // NOLINT(process-unreaped-child): SIGCHLD handler reaps
  if (pid == 0)
    _exit(0);
}
