// NOLINT and NOLINTNEXTLINE on the start line silence the report.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <sys/types.h>
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
