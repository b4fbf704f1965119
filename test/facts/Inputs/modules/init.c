// zsh's init_signals(): SIGCHLD handed to an installer of signals.c.
#include <signal.h>

void install_handler(int sig);

void init_signals(void) { install_handler(SIGCHLD); }
