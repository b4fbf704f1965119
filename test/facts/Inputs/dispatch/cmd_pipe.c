// A command reached only through the table of main.c (tmux's cmd_table):
// it runs in the server, so the server's callback reaps its child.
#include <unistd.h>

struct cmd_entry {
  const char *name;
  int (*exec)(const char *arg);
};

static int cmd_pipe_exec(const char *arg) {
  if (fork() == 0) {
    execl("/bin/sh", "sh", "-c", arg, (char *)0);
    _exit(127);
  }
  return 0;
}

const struct cmd_entry cmd_pipe_entry = {"pipe", cmd_pipe_exec};
