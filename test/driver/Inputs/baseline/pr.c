/* Commit 2, the pull request: this comment and the include shift every
 * line; start_helper is renamed spawn_helper and re-indented; start_logger
 * now waits after its kill; start_pager is a new leak.
 */
#include <signal.h>
#include <stdio.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void start_pager(void) {
  FILE *out = popen("less", "w");
  fputs("hello\n", out);
}

void spawn_helper(void)
{
    pid_t pid = fork();
    if (pid == 0)
        _exit(0);
}

void start_logger(void) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
  kill(pid, SIGTERM);
  waitpid(pid, NULL, 0);
}

void run_once(void) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
  waitpid(pid, NULL, 0);
}
