/* The parent starts a reaper thread (reaper.c), then forks a monitor
   whose monitor_main() (monitor.c) forks workers.  fork copies the calling
   thread only: the monitor has no reaper thread, so nothing reaps its
   workers.  Where HANDLER is set the parent installs a SIGCHLD handler first,
   which fork does copy: the monitor's workers are reaped. */
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void *reap_loop(void *arg);
void monitor_main(void);
void start_logger(void);

#ifdef HANDLER
static void on_chld(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0)
    ;
}
#endif

int main(void) {
#ifdef HANDLER
  signal(SIGCHLD, on_chld);
#endif
  pthread_t t;
  pthread_create(&t, NULL, reap_loop, NULL);
  start_logger();
  pid_t m = fork();
  if (m == 0)
    monitor_main();
  for (;;)
    pause();
}
