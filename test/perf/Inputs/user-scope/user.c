#include <spawner.h>

DEFINE_LEAKER

int pick(int x) { return sys_pick(x); }
