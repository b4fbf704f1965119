// K&R definitions and implicit int still parse and are checked.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu89 -Wno-implicit-int -Wno-deprecated-non-prototype
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int old_style(flags)
  int flags;
{
  int pid;
  pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: child process 'pid' started by 'fork' is not reaped on every path [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  if (flags)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'flags' is true
    return 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'pid' is still unreaped when the function returns here
  waitpid(pid, (int *)0, 0);
  return 0;
}

reaped(flags)
{
  int pid = fork(); /* no-warning: waited */
  if (pid == 0)
    _exit(0);
  waitpid(pid, (int *)0, flags);
  return 0;
}
