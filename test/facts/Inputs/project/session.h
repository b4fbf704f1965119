// Classes whose methods live in two files each.
#include <sys/types.h>

class Session {
public:
  void start();
  void stop();

private:
  pid_t child_ = -1;
};

class Tracker {
public:
  void start();
  void stop();

private:
  pid_t child_ = -1;
};
