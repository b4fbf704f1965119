#include <sys/types.h>

// The helper's pid, kept by spawn.c and stopped by stop.c.
extern pid_t helper;

void start_helper(void);
void stop_helper(void);
