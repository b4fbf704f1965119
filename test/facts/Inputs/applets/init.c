// init's main loop reaps any child through the library's safe_waitpid(-1).
#include <sys/types.h>
#include <unistd.h>

pid_t safe_waitpid(pid_t pid, int *status, int options);

static void run_once(char **argv) {
  if (fork() == 0) {
    execvp(argv[0], argv);
    _exit(127);
  }
}

int init_main(int argc, char **argv) {
  (void)argc;
  for (;;) {
    run_once(argv + 1);
    safe_waitpid(-1, NULL, 0);
  }
}
