// tmux's shape: the SIGCHLD callback given to libevent only dispatches to
// the callback each program sets with proc_set_signals().
#include <event.h>
#include <signal.h>

struct proc {
  struct event ev_sigchld;
  void (*signalcb)(int);
};

static void proc_signal_cb(int signo, short events, void *arg) {
  (void)events;
  struct proc *p = arg;
  p->signalcb(signo);
}

void proc_set_signals(struct proc *p, void (*signalcb)(int)) {
  p->signalcb = signalcb;
  signal_set(&p->ev_sigchld, SIGCHLD, proc_signal_cb, p);
  signal_add(&p->ev_sigchld, NULL);
}
