#include "helper.h"
#include <unistd.h>

int main(void) {
  start_helper();
  sleep(1);
  stop_helper();
  return 0;
}
