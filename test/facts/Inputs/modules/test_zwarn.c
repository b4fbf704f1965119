// A test of the shell's zwarn(), run by a test runner that supplies main
// (not in the database), and not built for a shared object: it does not
// join the shell's program, and its child is reported.
#include <unistd.h>

void zwarn(const char *msg);

void test_zwarn(void) {
  if (fork() == 0)
    _exit(0);
  zwarn("test");
}
