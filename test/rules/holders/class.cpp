// Children kept in class members and member containers: the class must
// reap them somewhere.
// RUN: %check_tidy %s %t -- %tidy -- -std=c++17
#include <csignal>
#include <cstdio>
#include <pty.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

// The motivating incident as a class: stop() closes the pty and kills the
// child, nothing waits.
class LiveAttach {
public:
  int start(const char *session) {
    child_ = forkpty(&master_, nullptr, nullptr, nullptr);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: child process started by 'forkpty' is kept in 'LiveAttach::child_' and killed, but nothing in 'LiveAttach' reaps it; kill() does not reap [process-unreaped-child]
    // CHECK-MESSAGES: :[[@LINE-2]]:5: note: the child is stored in 'LiveAttach::child_' here
    if (child_ < 0)
      return -1;
    if (child_ == 0) {
      execlp("tmux", "tmux", "-C", "attach", "-t", session, (char *)nullptr);
      _exit(127);
    }
    return 0;
  }
  void stop() {
    if (child_ > 0)
      kill(child_, SIGTERM);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: note: 'kill' in 'stop' signals the child but does not reap it; call waitpid() after it
    close(master_);
    child_ = -1;
  }
  ~LiveAttach() { stop(); }

private:
  pid_t child_ = -1;
  int master_ = -1;
};

// The same class after the fix: stop() waits.
class LiveAttachFixed {
public:
  int start(const char *session) {
    child_ = forkpty(&master_, nullptr, nullptr, nullptr); // no-warning: stop() reaps child_
    if (child_ == 0) {
      execlp("tmux", "tmux", "-C", "attach", "-t", session, (char *)nullptr);
      _exit(127);
    }
    return child_ < 0 ? -1 : 0;
  }
  void stop() {
    if (child_ <= 0)
      return;
    kill(child_, SIGTERM);
    close(master_);
    waitpid(child_, nullptr, 0);
    child_ = -1;
  }

private:
  pid_t child_ = -1;
  int master_ = -1;
};

// A copy of the member in a local is the member.
class Helper {
public:
  void start() {
    pid_ = fork(); // no-warning: the destructor reaps a copy of pid_
    if (pid_ == 0)
      _exit(0);
  }
  ~Helper() {
    pid_t p = pid_;
    kill(p, SIGTERM);
    waitpid(p, nullptr, 0);
  }

private:
  pid_t pid_ = -1;
};

// A getter hands the child on.
class Launcher {
public:
  void launch() {
    pid_t pid = fork(); // no-warning: pid() hands the child on
    if (pid == 0)
      _exit(0);
    pid_ = pid;
  }
  pid_t pid() const { return pid_; }

private:
  pid_t pid_ = -1;
};

// A member container whose elements are only killed.
class Pool {
public:
  void spawn() {
    pid_t pid = fork();
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: child process started by 'fork' is kept in 'Pool::kids_' and killed, but nothing in 'Pool' reaps it; kill() does not reap [process-unreaped-child]
    if (pid == 0)
      _exit(0);
    if (pid > 0)
      kids_.push_back(pid);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: note: the child is stored in 'Pool::kids_' here
  }
  ~Pool() {
    for (pid_t p : kids_) {
      kill(p, SIGTERM);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: note: 'kill' in '~Pool' signals the child but does not reap it; call waitpid() after it
    }
  }

private:
  std::vector<pid_t> kids_;
};

// The same container reaped element by element.
class ReapedPool {
public:
  void spawn() {
    pid_t pid = fork(); // no-warning: the destructor waits for each element
    if (pid == 0)
      _exit(0);
    if (pid > 0)
      kids_.push_back(pid);
  }
  ~ReapedPool() {
    for (pid_t p : kids_) {
      kill(p, SIGTERM);
      waitpid(p, nullptr, 0);
    }
  }

private:
  std::vector<pid_t> kids_;
};

// A popen() stream kept in a member and closed with pclose().
class Pager {
public:
  Pager() { out_ = popen("less", "w"); } // no-warning: the destructor pcloses out_
  ~Pager() {
    if (out_)
      pclose(out_);
  }

private:
  FILE *out_ = nullptr;
};

// A popen() stream kept in a member and never closed.
class LeakyPager {
public:
  void open() { out_ = popen("less", "w"); }
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: child process started by 'popen' is kept in 'LeakyPager::out_', but nothing in 'LeakyPager' reaps it [process-unreaped-child]
  // CHECK-MESSAGES: :[[@LINE-2]]:17: note: the child is stored in 'LeakyPager::out_' here
  void write(const char *s) { fputs(s, out_); }

private:
  FILE *out_ = nullptr;
};

// Some methods are defined in another file: they may reap child_.
class Partial {
public:
  void start() {
    child_ = fork(); // no-warning: stop() is defined elsewhere
    if (child_ == 0)
      _exit(0);
  }
  void stop();

private:
  pid_t child_ = -1;
};

// Started in a constructor's member initialiser and never reaped.
class Daemon {
public:
  Daemon() : pid_(fork()) {
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: child process started by 'fork' is kept in 'Daemon::pid_', but nothing in 'Daemon' reaps it [process-unreaped-child]
    // CHECK-MESSAGES: :[[@LINE-2]]:14: note: the child is stored in 'Daemon::pid_' here
    if (pid_ == 0)
      _exit(0);
  }

private:
  pid_t pid_;
};

// The same, reaped by the destructor.
class Worker {
public:
  Worker() : pid_(fork()) { // no-warning: the destructor reaps pid_
    if (pid_ == 0)
      _exit(0);
  }
  ~Worker() { waitpid(pid_, nullptr, 0); }

private:
  pid_t pid_;
};
