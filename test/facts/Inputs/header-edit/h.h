#include <sys/wait.h>
#define REAP(p) waitpid((p), 0, 0)
