// Installs the handler, blocks SIGCHLD, then starts children again and
// again.
#include <unistd.h>

void install_handler(void);
void enter_critical(void);
void leave_critical(void);
void spawn_children(int n);

int main(void) {
  install_handler();
  enter_critical();
  for (;;) {
    spawn_children(3);
    pause();
  }
}
