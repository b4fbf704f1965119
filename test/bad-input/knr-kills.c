// Unprototyped declarations let a kill be called without its arguments:
// process-orphaned-descendants neither crashes nor judges such a call, and
// still judges the well-formed one beside it.
// RUN: %check_tidy %s %t -- %tidy_orphans -- -std=gnu11 -Wno-deprecated-non-prototype
int fork();
int kill();
int setsid();
void _exit();
static int holder;

void start(void) {
  int pid = fork();
  if (pid == 0) {
    setsid();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: 'holder' becomes the leader of a new session here
    _exit(0);
  }
  holder = pid;
  kill();
}

void stop(void) {
  kill();
  kill(holder, 15);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: call to kill() signals only child process 'holder', which leads its own process group; its descendants keep running [process-orphaned-descendants]
  // CHECK-MESSAGES: :[[@LINE-2]]:8: note: signal the whole group with kill(-holder, ...)
}

// A kill inside a macro: reported at the expansion, with no fix-it there.
#define STOP(p) kill(p, 15)
// CHECK-MESSAGES: :[[@LINE-1]]:17: note: expanded from macro 'STOP'
static int other;

void start_other(void) {
  int pid = fork();
  if (pid == 0) {
    setsid();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: 'other' becomes the leader of a new session here
    _exit(0);
  }
  other = pid;
}

void stop_other(void) { STOP(other); }
// CHECK-MESSAGES: :[[@LINE-1]]:25: warning: call to kill() signals only child process 'other', which leads its own process group; its descendants keep running [process-orphaned-descendants]
