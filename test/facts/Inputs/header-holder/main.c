#include "server.h"
int main(void) {
  struct server s = {0, -1};
  if (server_start(&s) < 0)
    return 1;
  server_stop(&s);
  return 0;
}
