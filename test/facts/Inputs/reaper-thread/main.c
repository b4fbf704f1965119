// Blocks SIGCHLD, starts reaper.c's thread, then starts children.
#include <pthread.h>
#include <signal.h>
#include <stddef.h>

void *reaper_thread(void *arg);
void run_jobs(int n);

int main(void) {
  sigset_t set;
  pthread_t thread;
  sigemptyset(&set);
  sigaddset(&set, SIGCHLD);
  pthread_sigmask(SIG_BLOCK, &set, NULL);
  pthread_create(&thread, NULL, reaper_thread, NULL);
  run_jobs(3);
  pthread_join(thread, NULL);
  return 0;
}
