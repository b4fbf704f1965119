// Blocks SIGCHLD and starts children; reaper.c's thread runs only in a
// monitor child, which the children are not.
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <unistd.h>

void *reaper_thread(void *arg);
void run_jobs(int n);

int main(void) {
  sigset_t set;
  pthread_t thread;
  sigemptyset(&set);
  sigaddset(&set, SIGCHLD);
  pthread_sigmask(SIG_BLOCK, &set, NULL);
  pid_t monitor = fork();
  if (monitor == 0) {
    pthread_create(&thread, NULL, reaper_thread, NULL);
    pause();
    _exit(0);
  }
  run_jobs(3);
  pthread_join(thread, NULL);
  return 0;
}
