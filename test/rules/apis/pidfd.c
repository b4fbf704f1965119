// Shape 5 of issue 13: pidfd_open(pid, 0) gives another handle of the same
// child; waitid(P_PIDFD, fd, ...) reaps it, pidfd_send_signal only signals
// it, close(fd) does not reap it, and a failed pidfd_open says nothing about
// the child.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <poll.h>
#include <signal.h>
#include <sys/pidfd.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int waited_through_pidfd(void) {
  pid_t pid = fork(); // no-warning: waitid(P_PIDFD) on its pidfd reaps it
  if (pid < 0)
    return -1;
  if (pid == 0)
    _exit(127);
  int fd = pidfd_open(pid, 0);
  struct pollfd pfd = {.fd = fd, .events = POLLIN};
  poll(&pfd, 1, -1);
  siginfo_t info;
  waitid(P_PIDFD, fd, &info, WEXITED);
  close(fd);
  return 0;
}

void waited_through_assigned_pidfd(void) {
  int fd;
  pid_t pid = fork(); // no-warning: waitid(P_PIDFD) on its pidfd reaps it
  if (pid == 0)
    _exit(127);
  fd = pidfd_open(pid, 0);
  siginfo_t info;
  waitid(P_PIDFD, fd, &info, WEXITED);
}

void closing_the_pidfd_is_not_a_reap(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(127);
  int fd = pidfd_open(pid, 0);
  close(fd);
}

void pidfd_signal_is_a_kill(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is killed but never reaped; kill() does not reap [process-unreaped-child]
  if (pid == 0)
    _exit(127);
  int fd = pidfd_open(pid, 0);
  pidfd_send_signal(fd, SIGKILL, NULL, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: 'pidfd_send_signal' signals the child but does not reap it; call waitpid() after it
  close(fd);
}

int failed_pidfd_open_still_has_a_child(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is not reaped on every path [process-unreaped-child]
  if (pid == 0)
    _exit(127);
  int fd = pidfd_open(pid, 0);
  if (fd < 0)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'fd < 0' is true
    return -1;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'pid' is still unreaped when the function returns here
  siginfo_t info;
  waitid(P_PIDFD, fd, &info, WEXITED);
  close(fd);
  return 0;
}

void waitid_p_pidfd_on_an_unrelated_fd(int other) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(127);
  siginfo_t info;
  waitid(P_PIDFD, other, &info, WEXITED);
}
