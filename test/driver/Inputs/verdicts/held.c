// One start site per verdict of a child kept in a holder (verdicts.test).
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

static pid_t reaped_pid, neglected_pid;
pid_t shared_pid;

void held(void) { reaped_pid = fork(); }
void held_stop(void) { waitpid(reaped_pid, 0, 0); }

void held_leaked(void) { neglected_pid = fork(); }

void held_unjudged(void) { shared_pid = fork(); }
