// Shape 1 of issue 13: a discarded child can only be reaped by a reap-any.
// When the flow enters a part of the body from which no reap-any and no end
// of the function can be reached (a forking server's `for (;;)`), nothing
// will ever reap it: reported though no exit is reachable.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <signal.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void handle(int fd);

void forking_server(int listener) {
  for (;;) {
    int fd = accept(listener, NULL, NULL);
    if (fd < 0)
      continue;
    if (fork() == 0) {
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
      handle(fd);
      _exit(127);
    }
    close(fd);
  }
}

int main(int argc, char **argv) {
  (void)argv;
  while (1) {
    if (fork() == 0) {
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
      handle(argc);
      _exit(127);
    }
    sleep(1);
  }
}

void forking_server_reaping_any(int listener) {
  for (;;) {
    int fd = accept(listener, NULL, NULL);
    if (fd < 0)
      continue;
    if (fork() == 0) { // no-warning: the loop reaps any exited child
      handle(fd);
      _exit(127);
    }
    close(fd);
    while (waitpid(-1, NULL, WNOHANG) > 0)
      ;
  }
}

void forking_server_reaps_sometimes(int listener, int busy) {
  for (;;) {
    int fd = accept(listener, NULL, NULL);
    if (fork() == 0) {
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: child process started by 'fork' is not reaped on every path [process-unreaped-child]
      handle(fd);
      _exit(127);
    }
    close(fd);
    if (!busy) {
    // CHECK-MESSAGES: :[[@LINE-1]]:9: note: assuming '!busy' is false
      wait(NULL);
      continue;
    }
    for (;;)
      // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process is still unreaped here, and no path from here reaps it or leaves the function
      pause();
  }
}

void kernel_reaps(int listener) {
  signal(SIGCHLD, SIG_IGN);
  for (;;) {
    int fd = accept(listener, NULL, NULL);
    if (fork() == 0) { // no-warning: SIGCHLD is ignored, the kernel reaps
      handle(fd);
      _exit(127);
    }
    close(fd);
  }
}

void daemonise_then_loop(void) {
  if (fork() != 0) // no-warning: the parent side exits at once
    _exit(0);
  for (;;)
    pause();
}

void held_child_reaped_in_the_loop(void) {
  for (;;) {
    pid_t pid = fork(); // no-warning: reaped in every iteration
    if (pid == 0)
      _exit(127);
    waitpid(pid, NULL, 0);
  }
}

void held_child_goes_out_of_scope_in_the_loop(void) {
  for (;;) {
    pid_t pid = fork();
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
    if (pid == 0)
      _exit(127);
    sleep(1);
  }
}
