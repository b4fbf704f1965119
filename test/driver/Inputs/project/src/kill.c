#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

void stop_child(void) {
  pid_t pid = fork();
  if (pid == 0) {
    pause();
    _exit(0);
  }
  kill(pid, SIGTERM);
}
