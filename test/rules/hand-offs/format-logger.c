// Shape 7 of issue 13: the variadic arguments of a `format(printf, ...)`
// function of the program are formatted into text; passing the pid there is
// not a hand-off, so the leak stays visible.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <stdarg.h>
#include <stdio.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

__attribute__((format(printf, 2, 3))) void log_msg(int level, const char *fmt,
                                                   ...);
__attribute__((format(printf, 1, 0))) void log_va(const char *fmt, va_list ap);
void remember(int level, pid_t pid);
void log_keep(const char *fmt, ...);

void logged_then_leaked(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(127);
  log_msg(1, "started child %d", pid);
}

void logged_then_reaped(void) {
  pid_t pid = fork(); // no-warning: logged, then reaped
  if (pid == 0)
    _exit(127);
  log_msg(1, "started child %d", pid);
  waitpid(pid, NULL, 0);
}

void fork_result_logged(void) {
  log_msg(1, "started child %d", fork());
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
}

void level_argument_is_not_formatted(void) {
  pid_t pid = fork(); // no-warning: the non-variadic parameter of an unknown function may keep it
  if (pid == 0)
    _exit(127);
  log_msg(pid, "%s", "level");
}

void no_format_attribute(void) {
  pid_t pid = fork(); // no-warning: an unknown variadic function without a format attribute may keep it
  if (pid == 0)
    _exit(127);
  log_keep("%d", pid);
}

void unknown_function(void) {
  pid_t pid = fork(); // no-warning: an unknown function may keep it
  if (pid == 0)
    _exit(127);
  remember(1, pid);
}

