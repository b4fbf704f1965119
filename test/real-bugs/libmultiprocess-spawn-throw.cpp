// Real bug: bitcoin-core/libmultiprocess, src/mp/util.cpp, SpawnProcess()
// forked the child and then threw std::system_error on three error paths
// (close() failures, an error reported by the child) without reaping it.
//   fix:    3f05b11624ce02e35b52e7451b2c7092b9b48a7c ("util: kill and reap
//           child on SpawnProcess error", PR #312)
//   parent: 4a56c1837a781fbd859c4a3ef91fdd9e213b42a7
// The fix adds a helper that kills and waits, called before each throw; the
// check sees it as a TU-local reaper.  Reproduction written for this test
// (same shape, not the project's code).
// RUN: %check_tidy %s %t -- %tidy -- -std=c++17
#include <cerrno>
#include <csignal>
#include <system_error>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utility>

int read_child_error(int fd);

std::pair<pid_t, int> spawn_before(int fds[2], int errfds[2], char **argv) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is not reaped on every path [process-unreaped-child]
  if (pid == -1)
    throw std::system_error(errno, std::system_category(), "fork");
  if (close(fds[pid ? 0 : 1]) != 0) {
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'close(fds[pid ? 0 : 1]) != 0' is true
    int err = errno;
    if (pid) {
      (void)close(errfds[1]);
      throw std::system_error(err, std::system_category(), "close");
      // CHECK-MESSAGES: :[[@LINE-1]]:7: note: child process 'pid' is still unreaped when the exception leaves here
    }
    _exit(126);
  }
  if (!pid) {
    execvp(argv[0], argv);
    _exit(127);
  }
  if (close(errfds[0]) != 0)
    throw std::system_error(errno, std::system_category(), "close");
  if (int err = read_child_error(errfds[1])) {
    (void)close(fds[1]);
    throw std::system_error(err, std::system_category(), "exec");
  }
  return {pid, fds[1]};
}

static void kill_and_reap(pid_t pid) {
  (void)kill(pid, SIGKILL);
  while (waitpid(pid, nullptr, 0) == -1 && errno == EINTR) {
  }
}

std::pair<pid_t, int> spawn_after(int fds[2], int errfds[2], char **argv) {
  pid_t pid = fork(); // no-warning: every throw is preceded by kill_and_reap()
  if (pid == -1)
    throw std::system_error(errno, std::system_category(), "fork");
  if (close(fds[pid ? 0 : 1]) != 0) {
    int err = errno;
    if (pid) {
      (void)close(errfds[1]);
      kill_and_reap(pid);
      throw std::system_error(err, std::system_category(), "close");
    }
    _exit(126);
  }
  if (!pid) {
    execvp(argv[0], argv);
    _exit(127);
  }
  if (close(errfds[0]) != 0) {
    kill_and_reap(pid);
    throw std::system_error(errno, std::system_category(), "close");
  }
  if (int err = read_child_error(errfds[1])) {
    (void)close(fds[1]);
    kill_and_reap(pid);
    throw std::system_error(err, std::system_category(), "exec");
  }
  return {pid, fds[1]};
}
