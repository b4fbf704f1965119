// StartFunctions: project wrappers that start a child, `name` (handle
// returned) or `name:ARG` (handle written through argument ARG).
// RUN: %check_tidy %s %t -- %tidy \
// RUN:   -config="{CheckOptions: [{key: process-unreaped-child.StartFunctions, value: 'spawn_helper; start_into:1;ns_run'}]}" -- -std=gnu11
// RUN: %check_tidy --prefix CHECK-DEFAULT %s %t.default -- %tidy -- -std=gnu11
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

pid_t spawn_helper(const char *cmd);
int start_into(const char *cmd, pid_t *out);
pid_t unrelated(const char *cmd);

void leaks_helper(void) {
  pid_t pid = spawn_helper("ls");
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'spawn_helper' is never reaped [process-unreaped-child]
  if (pid < 0)
    return;
}

void leaks_out_param(void) {
  pid_t pid;
  start_into("ls", &pid);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: child process 'pid' started by 'start_into' is never reaped [process-unreaped-child]
}

void reaped_helper(void) {
  pid_t pid = spawn_helper("ls"); // no-warning: waited
  if (pid > 0)
    waitpid(pid, NULL, 0);
}

void not_listed(void) {
  pid_t pid = unrelated("ls"); // no-warning: not a start
  (void)pid;
}
// Without the option none of these is a start.
// With the default options (prefix CHECK-DEFAULT) nothing here is reported.
