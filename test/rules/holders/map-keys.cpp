// A child kept as the key (or the value) of a map member is stored in that
// map: `jobs_[pid] = ...`, `emplace`, `try_emplace`, `insert({pid, ...})`.
// An element reached through an iterator (`it->first`), a range-for element
// (`kv.first`, `kv.second`) or a structured binding stands for the map.
// RUN: %check_tidy %s %t -- %tidy -- -std=c++17
#include <csignal>
#include <map>
#include <string>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <unordered_map>
#include <utility>
#include <vector>

struct Job {
  std::string name;
};

// Stored by operator[], killed through a structured binding.
class Jobs {
public:
  void spawn(const std::string &name) {
    pid_t pid = fork();
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: child process started by 'fork' is kept in 'Jobs::jobs_' and killed, but nothing in 'Jobs' reaps it; kill() does not reap [process-unreaped-child]
    if (pid == 0)
      _exit(0);
    jobs_[pid] = Job{name};
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: the child is stored in 'Jobs::jobs_' here
  }
  void stopAll() {
    for (auto &[pid, job] : jobs_)
      kill(pid, SIGTERM);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: note: 'kill' in 'stopAll' signals the child but does not reap it; call waitpid() after it
    jobs_.clear();
  }

private:
  std::map<pid_t, Job> jobs_;
};

// Stored by emplace, killed through an iterator.
class Servers {
public:
  void spawn(const std::string &name) {
    pid_t pid = fork();
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: child process started by 'fork' is kept in 'Servers::servers_' and killed, but nothing in 'Servers' reaps it; kill() does not reap [process-unreaped-child]
    if (pid == 0)
      _exit(0);
    servers_.emplace(pid, name);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: the child is stored in 'Servers::servers_' here
  }
  ~Servers() {
    for (auto it = servers_.begin(); it != servers_.end(); ++it)
      kill(it->first, SIGTERM);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: note: 'kill' in '~Servers' signals the child but does not reap it; call waitpid() after it
  }

private:
  std::unordered_map<pid_t, std::string> servers_;
};

// The pid as a map's value, killed through a range-for element.
class Named {
public:
  void spawn(const std::string &name) {
    pid_t pid = fork();
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: child process started by 'fork' is kept in 'Named::helpers_' and killed, but nothing in 'Named' reaps it; kill() does not reap [process-unreaped-child]
    if (pid == 0)
      _exit(0);
    helpers_[name] = pid;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: the child is stored in 'Named::helpers_' here
  }
  void stopAll() {
    for (const auto &kv : helpers_)
      kill(kv.second, SIGTERM);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: note: 'kill' in 'stopAll' signals the child but does not reap it; call waitpid() after it
  }

private:
  std::map<std::string, pid_t> helpers_;
};

// Stored by insert of a braced pair, never signalled nor reaped.
class Quiet {
public:
  void spawn() {
    pid_t pid = fork();
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: child process started by 'fork' is kept in 'Quiet::kids_', but nothing in 'Quiet' reaps it [process-unreaped-child]
    if (pid == 0)
      _exit(0);
    kids_.insert({pid, 1});
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: the child is stored in 'Quiet::kids_' here
  }
  int count() const { return static_cast<int>(kids_.size()); }

private:
  std::map<pid_t, int> kids_;
};

// The same shapes, reaped.
class JobsFixed {
public:
  void spawn(const std::string &name) {
    pid_t pid = fork(); // no-warning: stopAll() waits for each key
    if (pid == 0)
      _exit(0);
    jobs_[pid] = Job{name};
  }
  void stopAll() {
    for (auto &[pid, job] : jobs_) {
      kill(pid, SIGTERM);
      waitpid(pid, nullptr, 0);
    }
    jobs_.clear();
  }

private:
  std::map<pid_t, Job> jobs_;
};

class ServersFixed {
public:
  void spawn(const std::string &name) {
    pid_t pid = fork(); // no-warning: the destructor waits through the iterator
    if (pid == 0)
      _exit(0);
    servers_.try_emplace(pid, name);
  }
  ~ServersFixed() {
    for (auto it = servers_.begin(); it != servers_.end(); ++it) {
      kill(it->first, SIGTERM);
      waitpid(it->first, nullptr, 0);
    }
  }

private:
  std::unordered_map<pid_t, std::string> servers_;
};

class NamedFixed {
public:
  void spawn(const std::string &name) {
    pid_t pid = fork(); // no-warning: stopAll() waits for each value
    if (pid == 0)
      _exit(0);
    helpers_[name] = pid;
  }
  void stopAll() {
    for (const auto &kv : helpers_) {
      kill(kv.second, SIGTERM);
      waitpid(kv.second, nullptr, 0);
    }
  }

private:
  std::map<std::string, pid_t> helpers_;
};

// A pid used only to index a vector is not stored in it: the child is still
// the local's, and this function leaks it.
class Slots {
public:
  void spawn() {
    pid_t pid = fork();
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
    if (pid == 0)
      _exit(0);
    seen_[pid] = true;
  }

private:
  std::vector<bool> seen_ = std::vector<bool>(1 << 22);
};
