// Another program: it installs the shell's handler for SIGINT only, which
// reaps nothing for SIGCHLD; its own child leaks.
#include <signal.h>
#include <unistd.h>

void install_handler(int sig);
void lib_log(const char *msg);

void tool_only(void) {}

void tool_spawn(void) {
  if (fork() == 0)
    _exit(0);
}

int main(void) {
  install_handler(SIGINT);
  lib_log("tool");
  tool_spawn();
  return 0;
}
