// Built twice: into app, and again with -DTEST_PARSER as a test driver of
// its own, which never reaps (i3's parsers).  The test build has no
// run_command.
#include <unistd.h>

#ifndef TEST_PARSER
static void run_command(const char *cmd) {
  if (fork() == 0) {
    execl("/bin/sh", "sh", "-c", cmd, (char *)0);
    _exit(127);
  }
}
#endif

// Both builds have it, and the test driver reaches it too.
static void run_pager(void) {
  if (fork() == 0) {
    execl("/usr/bin/less", "less", (char *)0);
    _exit(127);
  }
}

void parse(const char *text) {
#ifndef TEST_PARSER
  run_command(text);
#else
  (void)text;
#endif
  run_pager();
}

#ifdef TEST_PARSER
int main(void) {
  parse("exec xterm");
  return 0;
}
#endif
