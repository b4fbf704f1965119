// In C++ the inserted waitpid passes nullptr.
// RUN: %check_tidy --fix-notes %s %t -- %tidy -- -std=c++17
#include <csignal>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void stop_child() {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is killed but never reaped; kill() does not reap [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  (void)kill(pid, SIGTERM);
  // CHECK-MESSAGES: :[[@LINE-1]]:9: note: 'kill' signals the child but does not reap it; call waitpid() after it
  // CHECK-FIXES: (void)kill(pid, SIGTERM); waitpid(pid, nullptr, 0);
}
