// Children kept in members: a kill of the member anywhere in the unit is
// judged when every child the unit stores there says the same.  NOLINT
// silences the warning at the kill.
// RUN: %check_tidy %s %t -- %tidy_orphans -- -std=c++17
#include <csignal>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

class Server {
public:
  void start(char **argv) {
    pid_t pid = fork();
    if (pid == 0) {
      setsid();
      // CHECK-MESSAGES: :[[@LINE-1]]:7: note: 'pid_' becomes the leader of a new session here
      // CHECK-MESSAGES: :[[@LINE-2]]:7: note: 'pid_' becomes the leader of a new session here
      execvp(argv[0], argv);
      _exit(127);
    }
    pid_ = pid;
  }
  void stop() {
    kill(pid_, SIGTERM);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: call to kill() signals only child process 'pid_', which leads its own process group; its descendants keep running [process-orphaned-descendants]
    // CHECK-MESSAGES: :[[@LINE-2]]:10: note: signal the whole group with kill(-pid_, ...)
    waitpid(pid_, nullptr, 0);
  }
  void stop_quietly() {
    kill(pid_, SIGTERM); // NOLINT(process-orphaned-descendants)
    waitpid(pid_, nullptr, 0);
  }
  void terminate() {
    ::kill(this->pid_, SIGKILL);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: call to kill() signals only child process 'pid_', which leads its own process group; its descendants keep running [process-orphaned-descendants]
    // CHECK-MESSAGES: :[[@LINE-2]]:12: note: signal the whole group with kill(-this->pid_, ...)
    waitpid(pid_, nullptr, 0);
  }

private:
  pid_t pid_ = -1;
};

// A worker in its parent's group: kill(pid) is right, killpg is not.
class Worker {
public:
  void start(char **argv) {
    pid_t pid = fork();
    // CHECK-MESSAGES: :[[@LINE-1]]:17: note: 'pid_' is started here in its parent's process group
    if (pid == 0) {
      execvp(argv[0], argv);
      _exit(127);
    }
    pid_ = pid;
  }
  void stop() {
    kill(pid_, SIGTERM);
    waitpid(pid_, nullptr, 0);
  }
  void stop_group() {
    killpg(pid_, SIGTERM);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: call to killpg() signals process group 'pid_', but child process 'pid_' leads no process group; the signal reaches no process [process-orphaned-descendants]
    waitpid(pid_, nullptr, 0);
  }

private:
  pid_t pid_ = -1;
};
