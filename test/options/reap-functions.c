// ReapFunctions: project functions that reap the child they are given,
// `name` (argument 0) or `name:ARG`.
// RUN: %check_tidy %s %t -- %tidy \
// RUN:   -config="{CheckOptions: [{key: process-unreaped-child.ReapFunctions, value: 'reap_child;wait_in_loop:1'}, {key: process-unreaped-child.HarmlessFunctions, value: 'note_pid'}]}" -- -std=gnu11
#include <sys/types.h>
#include <unistd.h>

void reap_child(pid_t pid);
void wait_in_loop(int flags, pid_t pid);
void note_pid(pid_t pid);

void reaped_by_wrapper(void) {
  pid_t pid = fork(); // no-warning: reap_child reaps
  if (pid == 0)
    _exit(0);
  note_pid(pid);
  reap_child(pid);
}

void reaped_by_wrapper_argument_one(void) {
  pid_t pid = fork(); // no-warning: wait_in_loop reaps its argument 1
  if (pid == 0)
    _exit(0);
  wait_in_loop(0, pid);
}

void wrong_argument(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  wait_in_loop(pid, 0);
}

void reaped_on_one_path(int quick) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is not reaped on every path [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  if (quick)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'quick' is true
    return;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'pid' is still unreaped when the function returns here
  reap_child(pid);
}
