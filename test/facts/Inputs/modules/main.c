// The shell: its SIGCHLD handler is installed by init.c through signals.c.
void init_signals(void);
void zwarn(const char *msg);
void lib_log(const char *msg);

int main(void) {
  init_signals();
  lib_log("started");
  zwarn("ready");
  return 0;
}
