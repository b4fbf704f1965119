// One start site per verdict the check writes in a unit without a SIGCHLD
// handler (verdicts.test); line:column pairs are matched there.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

void keep(pid_t pid);

void leaked(void) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
}

int reaped(void) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
  int status = 0;
  waitpid(pid, &status, 0);
  return status;
}

void handed_off(void) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
  keep(pid);
}

void no_parent_child(void) {
  signal(SIGCHLD, SIG_IGN);
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
}

int leaked_on_one_path(int fail) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
  if (fail)
    return -1;
  waitpid(pid, NULL, 0);
  return 0;
}
