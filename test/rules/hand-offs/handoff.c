// Hand-offs: ownership leaves the function, no report.  Harmless uses are
// not hand-offs.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -I%S/Inputs
#include <signal.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <syslog.h>
#include <unistd.h>

// struct job is declared in a header: other files may reap its pid, so a
// store into it is a hand-off (owners.c has structs private to the file).
#include "job.h"
pid_t last_child;
pid_t children[8];
void remember(pid_t pid);
void register_job(struct job *j);

pid_t returned(void) {
  pid_t pid = fork(); // no-warning: returned to the caller
  if (pid == 0)
    _exit(0);
  return pid;
}

void stored_in_field(struct job *j) {
  pid_t pid = fork(); // no-warning: stored in a field of a shared struct
  if (pid == 0)
    _exit(0);
  j->pid = pid;
}

void stored_in_global(void) {
  pid_t pid = fork(); // no-warning: stored in a global
  if (pid == 0)
    _exit(0);
  last_child = pid;
}

void stored_through_out_param(pid_t *out) {
  pid_t pid = fork(); // no-warning: written to *out
  if (pid == 0)
    _exit(0);
  *out = pid;
}

void stored_in_array(int i) {
  pid_t pid = fork(); // no-warning: stored in an array element
  if (pid == 0)
    _exit(0);
  children[i] = pid;
}

void assigned_straight_to_field(struct job *j) {
  j->pid = fork(); // no-warning: born in a field of a shared struct
}

void chained_into_global(void) {
  pid_t pid;
  if ((last_child = pid = fork()) == -1) // no-warning: also stored in a global
    return;
  if (pid == 0)
    _exit(0);
}

void passed_to_unknown_function(void) {
  pid_t pid = fork(); // no-warning: remember() may keep or reap it
  if (pid == 0)
    _exit(0);
  remember(pid);
}

void local_struct_passed_on(void) {
  struct job j = {fork()}; // no-warning: the aggregate owns it and is passed on
  register_job(&j);
}

void address_passed_on(void (*store)(pid_t *)) {
  pid_t pid = fork(); // no-warning: its address is passed on
  if (pid == 0)
    _exit(0);
  store(&pid);
}

// Harmless uses keep the report.
void harmless_uses(int verbose) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  char text[32];
  printf("started %d\n", pid);
  snprintf(text, sizeof text, "%d", (int)pid);
  syslog(LOG_INFO, "child %d", pid);
  fprintf(stderr, "child %d\n", pid);
  setpgid(pid, pid);
  sched_yield();
  if (pid > 100 && verbose)
    puts(text);
  pid_t twice = pid * 2;
  (void)twice;
}

void signals_do_not_reap(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is killed but never reaped; kill() does not reap [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  killpg(pid, SIGTERM);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: 'killpg' signals the child but does not reap it; call waitpid() after it
  kill(-pid, SIGKILL);
}

void alias_reaps(void) {
  pid_t pid = fork(); // no-warning: reaped through the copy
  if (pid == 0)
    _exit(0);
  pid_t copy;
  copy = pid;
  waitpid(copy, NULL, 0);
}

// A pid encoded into a pointer (dovecot's POINTER_CAST) is a key inserted
// into a table: the table has the child.  Arithmetic kept as a number is
// not a hand-off.
#include <stdint.h>
#define POINTER_CAST(i) ((void *)(((uintptr_t)NULL) + (i)))
struct pid_table;
extern struct pid_table *pid_keys;
void pid_table_insert(struct pid_table *t, void *key, void *value);

void track_encoded(void *waiter) {
  pid_t pid = fork(); // no-warning: inserted into the table as a key
  if (pid == 0)
    _exit(0);
  if (pid > 0)
    pid_table_insert(pid_keys, POINTER_CAST(pid), waiter);
}

void arithmetic_only(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  long next = pid + 1;
  printf("%ld\n", next);
}

// A macro that type-checks a callback by subtracting a constant 0 from the
// pid (dovecot's child_wait_new_with_pid) still passes the pid itself.
typedef void child_done_fn(int status, void *context);
void watch_child(pid_t pid, child_done_fn *done, void *context);
#define TYPECHECK_ZERO(cb)                                                     \
  (sizeof(char[1 - 2 * !__builtin_types_compatible_p(                          \
              __typeof__(&(cb)), child_done_fn *)]) -                          \
   1)
#define watch_child(pid, cb, context)                                          \
  watch_child((pid) - TYPECHECK_ZERO(cb), (cb), (context))
void on_done(int status, void *context);

void watched_through_checking_macro(void *context) {
  pid_t pid = fork(); // no-warning: `pid - 0` is given to the watcher
  if (pid == 0)
    _exit(0);
  watch_child(pid, on_done, context);
}

static void reap_child(pid_t child) { waitpid(child, NULL, 0); }

void reaped_as_zero_plus_pid(void) {
  pid_t pid = fork(); // no-warning: `0 + pid` is the pid reap_child reaps
  if (pid == 0)
    _exit(0);
  reap_child(0 + pid);
}

void one_plus_pid_is_another_number(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  reap_child(1 + pid);
}

void minus_one_is_another_number(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  remember(pid - 1);
}

// A store through an arm of a conditional expression stores the child on
// the path where that arm is taken (fish-shell's `p->pid = is_parent ? pid :
// getpid();`); a copy through one into a local is only an alias.
void stored_through_conditional(struct job *j) {
  pid_t pid = fork(); // no-warning: stored in the shared struct
  if (pid < 0)
    return;
  const int is_parent = pid > 0;
  j->pid = is_parent ? pid : getpid();
  if (!is_parent)
    _exit(0);
}

void printed_through_conditional(int verbose) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  pid_t shown = verbose ? pid : 0;
  printf("%d\n", (int)shown);
}
