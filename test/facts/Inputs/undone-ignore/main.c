// run_detached() (quiet.c) ignores SIGCHLD only around its own fork; what
// main calls afterwards runs with SIGCHLD at its default again.
void run_detached(void);
void spawn_children(int n);
int run_and_wait(void);

int main(void) {
  run_detached();
  spawn_children(3);
  return run_and_wait();
}
