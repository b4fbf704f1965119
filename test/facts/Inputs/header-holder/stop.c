#include "server.h"
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

void server_stop(struct server *s) {
  if (s->helper > 0)
    kill(s->helper, SIGTERM);
#ifdef REAPS
  waitpid(s->helper, 0, 0);
#endif
  close(s->fd);
}
