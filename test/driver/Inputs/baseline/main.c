/* Commit 1, on main: two leaks and a helper that reaps. */
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

void start_helper(void) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
}

void start_logger(void) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
  kill(pid, SIGTERM);
}

void run_once(void) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
  waitpid(pid, NULL, 0);
}
