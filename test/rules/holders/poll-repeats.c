// A child kept beyond the function (here in a static) is not reaped by a
// WNOHANG poll that runs once right after the child was signalled (a stop()
// that kills, then polls once): the child has usually not exited yet.  The
// poll does reap where it repeats: in a loop's condition, or in a callback
// (a function whose address is registered); a tick whose callers the unit
// does not show is taken to repeat (test/rules/apis/wnohang.c).
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void register_timer(void (*tick)(void));

static pid_t once;

void start_once(void) {
  once = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: child process started by 'fork' is kept in 'once' and killed, but nothing in this file reaps it; kill() does not reap [process-unreaped-child]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: the child is stored in 'once' here
  if (once == 0)
    _exit(0);
}

void stop_once(void) {
  kill(once, SIGTERM);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: 'kill' in 'stop_once' signals the child but does not reap it; call waitpid() after it
  waitpid(once, NULL, WNOHANG);
}

static pid_t looped;

void start_looped(void) {
  looped = fork(); // no-warning: stop_looped polls until it is gone
  if (looped == 0)
    _exit(0);
}

void stop_looped(void) {
  kill(looped, SIGTERM);
  while (waitpid(looped, NULL, WNOHANG) == 0)
    usleep(1000);
}

static pid_t ticked;

static void on_tick(void) {
  if (ticked > 0 && waitpid(ticked, NULL, WNOHANG) > 0)
    ticked = 0;
}

void start_ticked(void) {
  ticked = fork(); // no-warning: the timer's callback polls it again and again
  if (ticked == 0)
    _exit(0);
  register_timer(on_tick);
}

// Options that are not a constant are taken to block, for a holder as for
// a local (test/rules/apis/wnohang.c): the wait reaps.
static pid_t configured;
int wait_options;

void start_configured(void) {
  configured = fork(); // no-warning: stop_configured's wait may block
  if (configured == 0)
    _exit(0);
}

void stop_configured(void) {
  kill(configured, SIGTERM);
  waitpid(configured, NULL, wait_options);
}
