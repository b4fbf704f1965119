// A child kept in a local is never reaped once the flow enters a part of
// the function from which no use of that local (or of a copy), no reap-any,
// no closure and no end of the function can be reached: a daemon that
// starts a helper, then serves for ever without looking at its pid again.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <signal.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void serve(void);
int should_stop(void);
pid_t child_pid;

int daemon_main(void) {
  pid_t helper = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: child process 'helper' started by 'fork' is never reaped [process-unreaped-child]
  if (helper == 0) {
    execl("/usr/libexec/helper", "helper", (char *)0);
    _exit(127);
  }
  for (;;)
    serve();
}

int reaped_on_one_path(int quick) {
  pid_t helper = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: child process 'helper' started by 'fork' is not reaped on every path [process-unreaped-child]
  if (helper == 0)
    _exit(0);
  if (quick) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'quick' is false
    waitpid(helper, NULL, 0);
    return 0;
  }
  while (1)
    // CHECK-MESSAGES: :[[@LINE-1]]:10: note: child process 'helper' is still unreaped here, and no path from here reaps it or leaves the function
    serve();
}

int polled_in_the_loop(void) {
  pid_t helper = fork(); // no-warning: the loop looks at it again
  if (helper == 0)
    _exit(0);
  for (;;) {
    serve();
    if (waitpid(helper, NULL, WNOHANG) == helper)
      helper = -1;
  }
}

int reaps_any_in_the_loop(void) {
  pid_t helper = fork(); // no-warning: the loop reaps any child
  if (helper == 0)
    _exit(0);
  for (;;) {
    serve();
    while (waitpid(-1, NULL, WNOHANG) > 0) {
    }
  }
}

int copied_then_used(void) {
  pid_t helper = fork(); // no-warning: its copy is reaped in the loop
  if (helper == 0)
    _exit(0);
  pid_t watched = helper;
  for (;;) {
    serve();
    if (should_stop()) {
      kill(watched, SIGTERM);
      waitpid(watched, NULL, 0);
      exit(0);
    }
  }
}

int stored_for_the_handler(void) {
  pid_t helper = fork(); // no-warning: a global answers for it
  if (helper == 0)
    _exit(0);
  child_pid = helper;
  for (;;)
    serve();
}

int leaves_by_exit(void) {
  pid_t helper = fork(); // no-warning: the loop ends the process, reaping first
  if (helper == 0)
    _exit(0);
  for (;;) {
    serve();
    if (should_stop())
      break;
  }
  waitpid(helper, NULL, 0);
  return 0;
}
