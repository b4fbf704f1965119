// The kill note carries a fix-it inserting a waitpid after the kill.  It is
// on the note, so plain --fix leaves the code alone; --fix-notes applies it.
// RUN: %check_tidy --fix-notes %s %t -- %tidy -- -std=gnu11
// RUN: %check_tidy --fix --fix-prefix CHECK-UNCHANGED %s %t.plain -- %tidy -- -std=gnu11
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void stop_child(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is killed but never reaped; kill() does not reap [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  kill(pid, SIGTERM);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: 'kill' signals the child but does not reap it; call waitpid() after it
  // CHECK-FIXES: kill(pid, SIGTERM); waitpid(pid, NULL, 0);
  // CHECK-UNCHANGED: kill(pid, SIGTERM);
}

void kill_in_unbraced_if(int now) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is killed but never reaped; kill() does not reap [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  if (now)
    kill(pid, SIGKILL);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: 'kill' signals the child but does not reap it; call waitpid() after it
  // CHECK-FIXES: kill(pid, SIGKILL);
  // CHECK-UNCHANGED: kill(pid, SIGKILL);
}
