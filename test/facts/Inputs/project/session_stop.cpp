#include "session.h"
#include <csignal>
#include <sys/wait.h>

void Session::stop() {
  kill(child_, SIGTERM);
  waitpid(child_, nullptr, 0);
}

void Tracker::stop() { kill(child_, SIGTERM); }

int main() {
  Session s;
  s.start();
  s.stop();
  Tracker t;
  t.start();
  t.stop();
  return 0;
}
