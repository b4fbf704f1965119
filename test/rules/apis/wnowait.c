// WNOWAIT reaps nothing: waitid(..., WEXITED | WNOWAIT) only peeks at the
// child's state, and Linux's waitpid and wait4 refuse the flag (EINVAL).
// A peek is not a reap of the child, nor a reap of any child; without the
// flag, or with flags that are not constants, the same calls reap.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <signal.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void peek_only(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  siginfo_t info;
  memset(&info, 0, sizeof info);
  waitid(P_PID, (id_t)pid, &info, WEXITED | WNOWAIT);
}

void refused(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  waitpid(pid, NULL, WNOWAIT);
}

void discarded_then_peek_any(void) {
  fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
  siginfo_t info;
  waitid(P_ALL, 0, &info, WEXITED | WNOWAIT);
}

void peek_then_reap(void) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
  siginfo_t info;
  memset(&info, 0, sizeof info);
  waitid(P_PID, (id_t)pid, &info, WEXITED | WNOWAIT);
  waitid(P_PID, (id_t)pid, &info, WEXITED);
}

void flags_unknown(int flags) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
  while (waitpid(pid, NULL, flags) < 0)
    ;
}
