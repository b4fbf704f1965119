// Another program whose callback reaps nothing.
#include <stdio.h>

struct proc;
void proc_set_signals(struct proc *p, void (*signalcb)(int));
void spawn_helper(void);

static void tool_signal(int sig) { fprintf(stderr, "signal %d\n", sig); }

int main(void) {
  proc_set_signals(NULL, tool_signal);
  spawn_helper();
  return 0;
}
