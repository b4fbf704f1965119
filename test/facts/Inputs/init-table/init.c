/* The init steps, run in the order of a private table. */
#include <stddef.h>

int open_log(void);
int install_reaper(void);
int drop_privileges(void);

static int (*const init_steps[])(void) = {open_log, install_reaper,
                                          drop_privileges};

int run_init_steps(void) {
  for (size_t i = 0; i < sizeof init_steps / sizeof init_steps[0]; i++)
    if (init_steps[i]() != 0)
      return -1;
  return 0;
}
