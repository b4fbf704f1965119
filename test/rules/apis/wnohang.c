// Shape 6 of issue 13: a WNOHANG wait reaps only where its result is known
// not to be 0 (the child, or an error): inside a loop that repeats until it
// reports the child it reaps; a single poll does not; a bounded poll loop
// leaks on the path where it gives up unless that path reaps.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void single_poll(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(127);
  int status;
  waitpid(pid, &status, WNOHANG);
}

void single_poll_result_ignored_in_a_test(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is not reaped on every path [process-unreaped-child]
  if (pid == 0)
    _exit(127);
  if (waitpid(pid, NULL, WNOHANG) == 0)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'waitpid(pid, NULL, WNOHANG) == 0' is true
    return;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'pid' is still unreaped when the function returns here
}

void poll_until_reported(void) {
  pid_t pid = fork(); // no-warning: the loop repeats until the wait reports the child
  if (pid == 0)
    _exit(127);
  int status;
  while (waitpid(pid, &status, WNOHANG) == 0)
    usleep(1000);
}

void poll_until_reported_negated(void) {
  pid_t pid = fork(); // no-warning: the loop repeats until the wait reports the child
  if (pid == 0)
    _exit(127);
  while (!waitpid(pid, NULL, WNOHANG | WUNTRACED))
    usleep(1000);
}

void poll_result_in_a_variable(void) {
  pid_t pid = fork(); // no-warning: the loop ends only when r is the child or an error
  if (pid == 0)
    _exit(127);
  for (;;) {
    pid_t r = waitpid(pid, NULL, WNOHANG);
    if (r == pid)
      break;
    if (r < 0)
      break;
    sleep(1);
  }
}

void do_while_poll(void) {
  pid_t pid = fork(); // no-warning: repeats while the poll returns 0
  if (pid == 0)
    _exit(127);
  pid_t r;
  do {
    r = waitpid(pid, NULL, WNOHANG);
  } while (r == 0);
}

void bounded_poll_gives_up(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is not reaped on every path [process-unreaped-child]
  if (pid == 0)
    _exit(127);
  for (int i = 0; i < 10; i++) {
    if (waitpid(pid, NULL, WNOHANG) == pid)
      return;
    usleep(1000);
  }
}
// CHECK-MESSAGES: :[[@LINE-1]]:1: note: child process 'pid' is still unreaped when the function returns here

void bounded_poll_then_kill_and_wait(void) {
  pid_t pid = fork(); // no-warning: the give-up path kills and waits
  if (pid == 0)
    _exit(127);
  for (int i = 0; i < 10; i++) {
    if (waitpid(pid, NULL, WNOHANG) > 0)
      return;
    usleep(1000);
  }
  kill(pid, SIGKILL);
  waitpid(pid, NULL, 0);
}

void blocking_wait_with_other_options(void) {
  pid_t pid = fork(); // no-warning: without WNOHANG the wait blocks until it reaps
  if (pid == 0)
    _exit(127);
  waitpid(pid, NULL, WUNTRACED);
}

int poll_options_unknown(int options) {
  pid_t pid = fork(); // no-warning: options that do not fold are taken to block
  if (pid == 0)
    _exit(127);
  return waitpid(pid, NULL, options) == pid;
}

// A holder beyond the function, polled from a callback that runs again and
// again (a timer, an event-loop tick), is reaped the event-loop way.
static pid_t helper_pid;

void helper_start(void) {
  helper_pid = fork(); // no-warning: helper_tick polls helper_pid with WNOHANG until it reports the child
  if (helper_pid == 0)
    _exit(127);
}

void helper_tick(void) {
  if (helper_pid > 0 && waitpid(helper_pid, NULL, WNOHANG) == helper_pid)
    helper_pid = 0;
}

static pid_t other_pid;

void other_start(void) {
  other_pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process started by 'fork' is kept in 'other_pid', but nothing in this file reaps it [process-unreaped-child]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: the child is stored in 'other_pid' here
  if (other_pid == 0)
    _exit(127);
}

