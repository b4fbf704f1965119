// NOLINT and NOLINTNEXTLINE on the start line silence the report.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void silenced_same_line(void) {
  pid_t pid = fork(); // NOLINT(process-unreaped-child): init reaps it, see main
  (void)pid;
}

void silenced_next_line(void) {
  // NOLINTNEXTLINE(process-unreaped-child)
  pid_t pid = fork();
  (void)pid;
}

void other_check_named(void) {
  pid_t pid = fork(); // NOLINT(bugprone-unused-return-value)
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  (void)pid;
}

// A report explained by a leaking return: NOLINT on that return (or
// NOLINTNEXTLINE above it) silences the report too, since that is the line
// the note points the reader to.
int silenced_at_return(int early) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
  if (early)
    return 1; // NOLINT(process-unreaped-child): the supervisor reaps it
  return waitpid(pid, 0, 0) == pid ? 0 : 1;
}

int silenced_above_return(int early) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
  if (early)
    // NOLINTNEXTLINE(process-*)
    return 1;
  return waitpid(pid, 0, 0) == pid ? 0 : 1;
}

int other_check_at_return(int early) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is not reaped on every path [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  if (early)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'early' is true
    return 1; // NOLINT(readability-else-after-return)
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'pid' is still unreaped when the function returns here
  return waitpid(pid, 0, 0) == pid ? 0 : 1;
}
