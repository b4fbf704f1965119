// system() waits for its shell, which the kernel has already reaped.
#include <stdlib.h>

int status_of(const char *cmd) { return system(cmd); }
