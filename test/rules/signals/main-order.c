// A process starts with SIGCHLD at its default (exec resets a handler), so
// main runs reset until it installs an ignore or a reaper, itself or by
// calling a function that does.  What it starts, or what the functions it
// calls start, on a path where no install is made is left to nobody: the
// helper mode dispatched before the reaper is installed.  A handler that
// reaps installed later still reaps the children started before it (when
// they exit, or with the next child); an ignore does not, since Linux
// leaves a zombie that exists when SIGCHLD is set to SIG_IGN: with it, the
// children started before it are reported too.  What runs after the
// install is covered.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
// RUN: %check_tidy --prefix CHECK-IGNORE %s %t -- %tidy -- -std=gnu11 -DIGNORE=1
// The install made first: every start of the unit is covered, also when
// main makes it through a private table of init steps (`init_steps[i]()`),
// and when it is made on some path only (`if (argc > 0) setup();`: the
// check counts it, as it leans for installs).
// RUN: %check_tidy --prefix CHECK-FIRST %s %t -- %tidy -- -std=gnu11 -DFIRST=1
// RUN: %check_tidy --prefix CHECK-FIRST %s %t -- %tidy -- -std=gnu11 -DFIRST=1 -DIGNORE=1
// RUN: %check_tidy --prefix CHECK-FIRST %s %t -- %tidy -- -std=gnu11 -DFIRST=1 -DIGNORE=1 -DTABLE=1
// RUN: %check_tidy --prefix CHECK-FIRST %s %t -- %tidy -- -std=gnu11 -DFIRST=1 -DIGNORE=1 -DMAYBE=1
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static void reap_all(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

static void install_reaper(void) {
#if IGNORE
  signal(SIGCHLD, SIG_IGN);
#else
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = reap_all;
  sigaction(SIGCHLD, &sa, NULL);
#endif
}

static void setup(void) { install_reaper(); }

#if TABLE
static void open_log(void) {}
static void (*const init_steps[])(void) = {open_log, setup};
#endif

static int helper_main(void) {
  pid_t g = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: child process 'g' started by 'fork' is never reaped [process-unreaped-child]
  // CHECK-IGNORE: :[[@LINE-2]]:13: warning: child process 'g' started by 'fork' is never reaped [process-unreaped-child]
  if (g == 0)
    _exit(0);
  sleep(1);
  return 0;
}

static void spawn_early(void) {
  pid_t early = fork(); // no-warning with the handler: installed after
  // CHECK-IGNORE: :[[@LINE-1]]:17: warning: child process 'early' started by 'fork' is never reaped [process-unreaped-child]
  if (early == 0)
    _exit(0);
}

static void run_server(void) {
  pid_t s = fork(); // no-warning: main installed the reaper before
  if (s == 0)
    _exit(0);
}

int main(int argc, char **argv) {
#if FIRST && TABLE
  for (unsigned i = 0; i < sizeof init_steps / sizeof init_steps[0]; i++)
    init_steps[i]();
#elif FIRST && MAYBE
  if (argc > 0)
    setup();
#elif FIRST
  setup();
#endif
  if (argc > 1 && strcmp(argv[1], "helper") == 0)
    return helper_main();
  spawn_early();
  for (int i = 0; i < 2; i++) {
    pid_t direct = fork(); // no-warning with the handler: installed after
    // CHECK-IGNORE: :[[@LINE-1]]:20: warning: child process 'direct' started by 'fork' is never reaped [process-unreaped-child]
    if (direct == 0)
      _exit(0);
  }
  setup();
  run_server();
  for (;;)
    pause();
}
