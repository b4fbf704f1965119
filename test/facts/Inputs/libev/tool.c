// Program tool: its own loop (ev_loop_new) reaps nothing.
#include <ev.h>

void spawn_detached(const char *cmd);

int main(void) {
  struct ev_loop *loop = ev_loop_new(0);
  spawn_detached("date");
  ev_run(loop, 0);
  return 0;
}
