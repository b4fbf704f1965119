#include <stddef.h>
#include <string.h>

struct proc;
void server_start(struct proc *p);

struct cmd_entry {
  const char *name;
  int (*exec)(const char *arg);
};
extern const struct cmd_entry cmd_pipe_entry;
static const struct cmd_entry *cmd_table[] = {&cmd_pipe_entry};

int main(int argc, char **argv) {
  server_start(NULL);
  for (size_t i = 0; i < sizeof cmd_table / sizeof cmd_table[0]; i++)
    if (argc > 2 && strcmp(argv[1], cmd_table[i]->name) == 0)
      return cmd_table[i]->exec(argv[2]);
  return 0;
}
