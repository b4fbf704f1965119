// The motivating incident: a live-attach that runs `tmux -C` under a pty and
// whose cleanup closes the pty and kills the child, but never waits for it.
// RUN: %check_tidy %s %t -- %tidy -- -std=c++17
#include <csignal>
#include <functional>
#include <pty.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

struct ScopeExit {
  std::function<void()> Fn;
  ~ScopeExit() { Fn(); }
};

// Before the fix.
int attach_before(const char *session) {
  int master = -1;
  pid_t pid = forkpty(&master, nullptr, nullptr, nullptr);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'forkpty' is killed but never reaped; kill() does not reap [process-unreaped-child]
  if (pid < 0)
    return -1;
  if (pid == 0) {
    execlp("tmux", "tmux", "-C", "attach", "-t", session, (char *)nullptr);
    _exit(127);
  }
  auto cleanup = [&] {
    close(master);
    kill(pid, SIGTERM);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: 'kill' signals the child but does not reap it; call waitpid() after it
  };
  char buf[4096];
  while (read(master, buf, sizeof buf) > 0) {
  }
  cleanup();
  return 0;
}

// After the fix: the cleanup closes, kills and waits, on every exit.
int attach_after(const char *session) {
  int master = -1;
  pid_t pid = forkpty(&master, nullptr, nullptr, nullptr); // no-warning: the guard's lambda reaps
  if (pid < 0)
    return -1;
  if (pid == 0) {
    execlp("tmux", "tmux", "-C", "attach", "-t", session, (char *)nullptr);
    _exit(127);
  }
  ScopeExit guard{[&] {
    close(master);
    kill(pid, SIGTERM);
    waitpid(pid, nullptr, 0);
  }};
  char buf[4096];
  while (read(master, buf, sizeof buf) > 0) {
  }
  return 0;
}
