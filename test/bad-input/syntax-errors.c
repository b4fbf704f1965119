// Broken code: a translation unit that does not compile is not judged, since
// the reap may be the part that failed to parse.  No crash, no warning.
// RUN: %check_tidy --allow-compile-errors %s %t -- %tidy -- -std=gnu11
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void broken(void) {
  pid_t pid = fork(); // no-warning: the waitpid below does not parse
  if (pid == 0)
    _exit(0);
  waitpid(pid, NULL, 0
}

void undeclared(void) {
  pid_t pid = fork(); // no-warning: the translation unit has errors
  reap_it_somehow(pid, undeclared_flag);
}

void half_typed(void) {
  pid_t pid = fork(); // no-warning: the translation unit has errors
  if (pid ==
}

void fine(void) {
  pid_t pid = fork(); // no-warning: the translation unit has errors
  (void)pid;
}
