#include "session.h"
#include <unistd.h>

void Session::start() {
  child_ = fork(); // no-warning: session_stop.cpp reaps child_
  if (child_ == 0)
    _exit(0);
}

void Tracker::start() {
  child_ = fork();
  if (child_ == 0)
    _exit(0);
}
