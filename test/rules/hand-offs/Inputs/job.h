// A struct shared with other files of the program.
#include <sys/types.h>
struct job {
  pid_t pid;
};
