// A reaper of its parameter, and the program's logger.
#include <stdio.h>
#include <sys/types.h>
#include <sys/wait.h>

void reap_child(pid_t pid) { waitpid(pid, NULL, 0); }

void log_child(pid_t pid) { fprintf(stderr, "started %d\n", (int)pid); }
