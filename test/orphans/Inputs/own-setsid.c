#include <signal.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

// Defined in a library the check does not see.
int my_daemonize(void);

void run(char **argv) {
  pid_t pid = fork();
  if (pid == 0) {
    my_daemonize();
    // MODEL: :[[@LINE-1]]:5: note: 'pid' becomes the leader of a new session here
    execvp(argv[0], argv);
    _exit(127);
  }
  kill(pid, SIGTERM);
  // MODEL: :[[@LINE-1]]:3: warning: call to kill() signals only child process 'pid', which leads its own process group; its descendants keep running [process-orphaned-descendants]
  // MODEL: :[[@LINE-2]]:8: note: signal the whole group with kill(-pid, ...)
  waitpid(pid, NULL, 0);
}
