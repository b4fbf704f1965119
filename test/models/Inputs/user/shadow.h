#include <sys/types.h>
int spawn_checked(pid_t *pid, const char *cmd);
