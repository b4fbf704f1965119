// Called only by the server child (main.c): the child ignores SIGCHLD.
#include <signal.h>

void child_init(void) { signal(SIGCHLD, SIG_IGN); }
