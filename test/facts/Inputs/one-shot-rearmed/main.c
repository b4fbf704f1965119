/* A step runner whose start_step() (step.c) arms arm.c's one-shot reaper
   again before each fork. */
#include <unistd.h>

void start_step(const char *cmd);

int main(void) {
  start_step("true");
  sleep(1);
  start_step("exit 3");
  sleep(1);
  return 0;
}
