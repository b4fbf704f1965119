// Installs the handler, then starts children again and again.
#include <unistd.h>

void install_handler(void);
void spawn_children(int n);

int main(void) {
  install_handler();
  for (;;) {
    spawn_children(3);
    pause();
  }
}
