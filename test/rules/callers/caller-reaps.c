// A child a static function leaves live where it returns is its callers'
// when every caller reaps any child after the call, directly or by
// returning to callers that do (openvswitch's test table: a helper forks
// and returns, the driver runs `tests[i].function()` then
// `while (wait(&status) > 0)`), or ends the process itself on every path
// after the call (util-linux's switch_root: main execs init or dies), as
// the check reads the function's body written in the caller's.  Every use
// of the function must be a call or an entry of a static table whose uses
// are all seen; a path that returns from the caller must reach callers
// that reap, and one that loops without reaping or ending never does.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
// RUN: rm -f %t.tsv
// RUN: env REAPCHECK_INVENTORY=%t.tsv %tidy %s -- -std=gnu11 > /dev/null
// RUN: sed 's|^.*/||' %t.tsv | %FileCheck %s --check-prefix=INV --match-full-lines
#include <err.h>
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void work(void);

// The test table of openvswitch's test-lockfile.c.
static enum { PARENT, CHILD } do_fork(void) {
  switch (fork()) { // no-warning: reaped by the table's driver
  case 0:
    return CHILD;
  case -1:
    exit(1);
  default:
    return PARENT;
  }
}

static void run_lock_twice(void) {
  work();
  if (do_fork() == CHILD) {
    work();
    exit(11);
  }
  work();
}

static void run_lock_once(void) {
  if (do_fork() == CHILD)
    exit(11);
}

struct test {
  const char *name;
  void (*function)(void);
};

static const struct test tests[] = {
    {"lock_twice", run_lock_twice},
    {"lock_once", run_lock_once},
    {NULL, NULL},
};

int main(int argc, char *argv[]) {
  if (argc != 2)
    return 1;
  for (size_t i = 0; tests[i].name; i++) {
    if (!strcmp(argv[1], tests[i].name)) {
      int status;
      (tests[i].function)();
      while (wait(&status) > 0)
        continue;
      if (errno != ECHILD)
        abort();
      printf("%s: success\n", tests[i].name);
      exit(0);
    }
  }
  return 1;
}

// A direct caller that reaps in its loop.
static void spawn_helper(void) {
  if (fork() == 0) // no-warning: reaped by run_all's loop
    _exit(0);
}

void run_all(int n) {
  for (int i = 0; i < n; i++) {
    spawn_helper();
    while (waitpid(-1, NULL, 0) > 0)
      continue;
  }
}

// switch_root: the parent returns, and main execs init or dies.
static int switchroot(const char *newroot) {
  if (chdir(newroot))
    return -1;
  switch (fork()) { // no-warning: main ends the process after the call
  case 0:
    _exit(0);
  case -1:
    break;
  default:
    return 0;
  }
  return -1;
}

int switch_main(char *init, char **initargs) {
  if (switchroot("/new"))
    errx(1, "failed. Sorry.");
  if (access(init, X_OK))
    warn("cannot access %s", init);
  execv(init, initargs);
  err(1, "failed to execute %s", init);
}

// The same helper, but one path of the caller returns: not ended there.
static int switchroot_returning(const char *newroot) {
  if (chdir(newroot))
    return -1;
  switch (fork()) {
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
  case 0:
    _exit(0);
  case -1:
    break;
  default:
    return 0;
  }
  return -1;
}

int switch_or_return(char *init, char **initargs) {
  if (switchroot_returning("/new"))
    return 1;
  execv(init, initargs);
  err(1, "failed to execute %s", init);
}

// A caller that only polls once with WNOHANG: the child may still run,
// and becomes a zombie after the poll.
static void spawn_polled(void) {
  if (fork() == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    _exit(0);
}

void run_polled(void) {
  spawn_polled();
  while (waitpid(-1, NULL, WNOHANG) > 0)
    continue;
  exit(0);
}

// A caller that reaps through a function of its own: not followed (that
// function's reap of any child may be a poll).
static void spawn_reaped_by_helper(void) {
  if (fork() == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    _exit(0);
}

static void reap_all(void) {
  while (wait(NULL) > 0)
    continue;
}

void run_reaped_by_helper(void) {
  spawn_reaped_by_helper();
  reap_all();
}

// Calls that do not return but leave the process running: the path goes
// on elsewhere (longjmp to a loop, the end of one thread), with the child.
static jmp_buf again;

static void spawn_longjmp(void) {
  if (fork() == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    _exit(0);
}

static _Noreturn void bail_out(void) { longjmp(again, 1); }

static void spawn_bail(void) {
  if (fork() == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    _exit(0);
}

static void spawn_thread_exit(void) {
  if (fork() == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    _exit(0);
}

void run_round(int bad) {
  spawn_longjmp();
  if (bad)
    longjmp(again, 1);
  spawn_bail();
  if (bad > 1)
    bail_out();
  while (wait(NULL) > 0)
    continue;
}

void *worker(void *arg) {
  spawn_thread_exit();
  if (arg)
    pthread_exit(NULL);
  while (wait(NULL) > 0)
    continue;
  return NULL;
}

// One wait per round reaps one child of two; waitpid(0) only those of the
// caller's process group.
static void spawn_two_per_round(void) {
  if (fork() == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    _exit(0);
}

void tick(void) {
  for (;;) {
    spawn_two_per_round();
    spawn_two_per_round();
    wait(NULL);
    sleep(1);
  }
}

static void spawn_job(void) {
  if (fork() == 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    setpgid(0, 0);
    _exit(0);
  }
}

void run_jobs(void) {
  spawn_job();
  while (waitpid(0, NULL, 0) > 0)
    continue;
}

// A caller that starts one helper per round of a loop and only exits after
// it (busybox wget's redirects): each round leaves a zombie until then.
static void spawn_ssl_helper(void) {
  if (fork() == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    _exit(0);
}

void download(int redirects) {
  for (int i = 0; i < redirects; i++) {
    spawn_ssl_helper();
    work();
  }
  exit(0);
}

// A caller that loops for ever without reaping (a forking server).
static void serve_one(void) {
  if (fork() == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    _exit(0);
}

void serve(void) {
  for (;;) {
    serve_one();
    work();
  }
}

// One caller of two does not reap.
static void spawn_twice_called(void) {
  if (fork() == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    _exit(0);
}

void reaping_caller(void) {
  spawn_twice_called();
  while (wait(NULL) > 0)
    continue;
}

void forgetting_caller(void) {
  spawn_twice_called();
  work();
}

// A caller that returns to a caller that does not reap.
static void spawn_nested(void) {
  if (fork() == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    _exit(0);
}

static void middle(void) { spawn_nested(); }

void top(void) {
  middle();
  work();
}

// The function's address escapes: callers not seen.
static void spawn_escaping(void) {
  if (fork() == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    _exit(0);
}

void (*hook)(void) = spawn_escaping;

void call_escaping(void) {
  spawn_escaping();
  while (wait(NULL) > 0)
    continue;
}

// Not static: callers in other files are not seen.
void spawn_extern(void) {
  if (fork() == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    _exit(0);
}

void call_extern(void) {
  spawn_extern();
  while (wait(NULL) > 0)
    continue;
}

// A table handed to another function lets its entries out.
static void spawn_in_passed_table(void) {
  if (fork() == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process started by 'fork' is discarded and can never be reaped [process-unreaped-child]
    _exit(0);
}

static const struct test passed[] = {{"spawn", spawn_in_passed_table}};

void run_table(const struct test *t);

void run_passed(void) {
  run_table(passed);
  passed[0].function();
  while (wait(NULL) > 0)
    continue;
}

// The child also leaks inside the function (its handle is overwritten):
// the callers' reap comes too late for that one.
static void spawn_overwritten(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  pid = getpid();
  (void)pid;
}

void call_overwritten(void) {
  spawn_overwritten();
  while (wait(NULL) > 0)
    continue;
}

// INV:      caller-reaps.c:30:11	caller-reaps	fork	-
// INV-NEXT: caller-reaps.c:85:7	caller-reaps	fork	-
// INV-NEXT: caller-reaps.c:101:11	caller-reaps	fork	-
// INV-NEXT: caller-reaps.c:125:11	leaked	fork	-
// INV-NEXT: caller-reaps.c:147:7	leaked	fork	-
// INV-NEXT: caller-reaps.c:162:7	leaked	fork	-
// INV-NEXT: caller-reaps.c:182:7	leaked	fork	-
// INV-NEXT: caller-reaps.c:190:7	leaked	fork	-
// INV-NEXT: caller-reaps.c:196:7	leaked	fork	-
// INV-NEXT: caller-reaps.c:224:7	leaked	fork	-
// INV-NEXT: caller-reaps.c:239:7	leaked	fork	-
// INV-NEXT: caller-reaps.c:255:7	leaked	fork	-
// INV-NEXT: caller-reaps.c:270:7	leaked	fork	-
// INV-NEXT: caller-reaps.c:284:7	leaked	fork	-
// INV-NEXT: caller-reaps.c:302:7	leaked	fork	-
// INV-NEXT: caller-reaps.c:316:7	leaked	fork	-
// INV-NEXT: caller-reaps.c:331:7	leaked	fork	-
// INV-NEXT: caller-reaps.c:344:7	leaked	fork	-
// INV-NEXT: caller-reaps.c:363:15	leaked	fork	pid
// INV-EMPTY:
