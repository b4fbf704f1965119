// Puts the signals it is given back to their defaults.
#include <signal.h>

void reset_signals(const int *sigs, int n) {
  for (int i = 0; i < n; i++)
    signal(sigs[i], SIG_DFL);
}
