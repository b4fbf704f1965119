// The multi-call binary's main: it runs the applet its name selects,
// through a table, never by a direct call.
#include <string.h>

int init_main(int argc, char **argv);
int ftp_main(int argc, char **argv);
int server_main(int argc, char **argv);
int once_main(int argc, char **argv);
int sid_main(int argc, char **argv);

static const char *const applet_names[] = {"init", "ftp", "server", "once",
                                           "sid"};
static int (*const applet_main[])(int, char **) = {
    init_main, ftp_main, server_main, once_main, sid_main};

int main(int argc, char **argv) {
  for (unsigned i = 0; i < 5; i++)
    if (strcmp(argv[0], applet_names[i]) == 0)
      return applet_main[i](argc, argv);
  return 127;
}
