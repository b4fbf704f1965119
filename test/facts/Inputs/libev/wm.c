// Program wm: its main runs libev's default loop, which reaps every child.
#include <ev.h>

void spawn_detached(const char *cmd);
void spawn_bar(void);
void spawn_terminal(void);

int main(void) {
  struct ev_loop *loop = ev_default_loop(0);
  spawn_detached("xterm");
  spawn_bar();
  spawn_terminal();
  ev_run(loop, 0);
  return 0;
}
