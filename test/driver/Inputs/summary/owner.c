// Children kept in static variables: one that nothing in the file reaps (a
// warning "kept by an owner that never reaps"), one whose warning NOLINT
// hides (no warning: "leaked but not reported"), one that is reaped.
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static pid_t neglected_pid, hidden_pid, reaped_pid;

void start_neglected(void) { neglected_pid = fork(); }

void start_hidden(void) { hidden_pid = fork(); } // NOLINT(process-unreaped-child)

void start_reaped(void) { reaped_pid = fork(); }
void stop_reaped(void) { waitpid(reaped_pid, NULL, 0); }
