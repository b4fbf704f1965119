// Callers of the wrapper, the reaper and the logger of other files.
#include <sys/types.h>

pid_t spawn_helper(const char *cmd);
void reap_child(pid_t pid);
void log_child(pid_t pid);

void run_and_forget(void) {
  pid_t pid = spawn_helper("true");
  (void)pid;
}

void run_and_reap(void) {
  pid_t pid = spawn_helper("true"); // no-warning: reap_child() reaps it
  reap_child(pid);
}

void run_and_log(void) {
  pid_t pid = spawn_helper("true");
  log_child(pid); // a logger takes no ownership
}

int main(void) {
  run_and_forget();
  run_and_reap();
  run_and_log();
  return 0;
}
