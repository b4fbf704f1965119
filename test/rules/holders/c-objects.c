// Children kept in file-scope variables and in C structs private to the
// file: some function of the file must reap them.  The kill notes carry a
// waitpid fix-it (applied with --fix-notes).
// RUN: %check_tidy --fix-notes %s %t -- %tidy -- -std=gnu11
#include <signal.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

// A helper started in helper_start() and only signalled in helper_stop().
static pid_t helper_pid = -1;

int helper_start(void) {
  helper_pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: child process started by 'fork' is kept in 'helper_pid' and killed, but nothing in this file reaps it; kill() does not reap [process-unreaped-child]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: the child is stored in 'helper_pid' here
  if (helper_pid < 0)
    return -1;
  if (helper_pid == 0) {
    execlp("helper", "helper", (char *)NULL);
    _exit(127);
  }
  return 0;
}

void helper_stop(void) {
  if (helper_pid > 0) {
    kill(helper_pid, SIGTERM);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: 'kill' in 'helper_stop' signals the child but does not reap it; call waitpid() after it
    // CHECK-FIXES: kill(helper_pid, SIGTERM); waitpid(helper_pid, NULL, 0);
  }
  helper_pid = -1;
}

// The same, reaped in another function.
static pid_t server_pid = -1;

void server_start(void) {
  server_pid = fork(); // no-warning: server_stop() reaps server_pid
  if (server_pid == 0)
    _exit(0);
}

void server_stop(void) {
  kill(server_pid, SIGTERM);
  waitpid(server_pid, NULL, 0);
}

// A struct private to this file whose free function only kills.
struct worker {
  pid_t pid;
  int fd;
};

struct worker *worker_new(void) {
  struct worker *w = calloc(1, sizeof *w);
  w->pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: child process started by 'fork' is kept in 'worker::pid' and killed, but nothing in this file reaps it; kill() does not reap [process-unreaped-child]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: the child is stored in 'worker::pid' here
  if (w->pid == 0)
    _exit(0);
  return w;
}

void worker_free(struct worker *w) {
  kill(w->pid, SIGKILL);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: 'kill' in 'worker_free' signals the child but does not reap it; call waitpid() after it
  // CHECK-FIXES: kill(w->pid, SIGKILL); waitpid(w->pid, NULL, 0);
  free(w);
}

// A struct private to this file reaped by a helper of the file.
struct job {
  pid_t pid;
};

static void reap(pid_t pid) { waitpid(pid, NULL, 0); }

void job_start(struct job *j) {
  pid_t pid = fork(); // no-warning: job_finish() reaps j->pid through reap()
  if (pid == 0)
    _exit(0);
  j->pid = pid;
}

void job_finish(struct job *j) { reap(j->pid); }

// A global with external linkage: other files may reap it.
pid_t shared_child = -1;

void shared_start(void) {
  shared_child = fork(); // no-warning: shared_child is visible to other files
  if (shared_child == 0)
    _exit(0);
}

void shared_stop(void) { kill(shared_child, SIGTERM); }

// NOLINT at the start silences the owner's report too (without it:
// "kept in 'quiet_pid' and killed, but nothing in this file reaps it").
static pid_t quiet_pid = -1;

void quiet_start(void) {
  quiet_pid = fork(); // NOLINT(process-unreaped-child)
  if (quiet_pid == 0)
    _exit(0);
}

void quiet_stop(void) { kill(quiet_pid, SIGTERM); }

// A copy kept for a signal forwarder (util-linux's unshare): the function
// that stores the child also reaps it through its local, so the holder
// does not answer for it.  When the function only reaps it on some paths,
// the holder does on the others.
static pid_t forward_pid = -1;

static void forward_signal(int sig) {
  if (forward_pid > 0)
    kill(forward_pid, sig);
}

int run_forwarding(char **argv) {
  signal(SIGTERM, forward_signal);
  pid_t pid = fork(); // no-warning: waited through the local after the store
  if (pid < 0)
    return -1;
  if (pid == 0) {
    execvp(argv[0], argv);
    _exit(127);
  }
  forward_pid = pid;
  int status;
  while (waitpid(pid, &status, 0) < 0) {
  }
  forward_pid = -1;
  return status;
}

static pid_t maybe_pid = -1;

static void stop_maybe(int sig) { kill(maybe_pid, sig); }
// CHECK-MESSAGES: :[[@LINE-1]]:35: note: 'kill' in 'stop_maybe' signals the child but does not reap it; call waitpid() after it

int run_maybe_waiting(char **argv, int wait) {
  signal(SIGTERM, stop_maybe);
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process started by 'fork' is kept in 'maybe_pid' and killed, but nothing in this file reaps it; kill() does not reap [process-unreaped-child]
  if (pid < 0)
    return -1;
  if (pid == 0) {
    execvp(argv[0], argv);
    _exit(127);
  }
  maybe_pid = pid;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: the child is stored in 'maybe_pid' here
  if (wait)
    waitpid(pid, NULL, 0);
  return 0;
}

// A holder given to a watcher through a macro that subtracts a constant 0
// (dovecot's child_wait_new_with_pid(pid - CALLBACK_TYPECHECK(...), ...)) is
// handed on; subtracting 1 makes another number.
struct remote {
  pid_t pid;
};
typedef void remote_done_fn(int status, struct remote *r);
void watch_pid(pid_t pid, remote_done_fn *done, struct remote *r);
void log_pid(pid_t pid);
#define ZERO_IF_TYPED(cb)                                                      \
  (sizeof(char[1 - 2 * !__builtin_types_compatible_p(__typeof__(&(cb)),        \
                                                     remote_done_fn *)]) -     \
   1)
#define watch_pid(pid, cb, r) watch_pid((pid) - ZERO_IF_TYPED(cb), (cb), (r))
static void remote_done(int status, struct remote *r);

void remote_start(struct remote *r) {
  r->pid = fork(); // no-warning: remote_watch() hands it to the watcher
  if (r->pid == 0)
    _exit(0);
}

void remote_watch(struct remote *r) { watch_pid(r->pid, remote_done, r); }

static void remote_done(int status, struct remote *r) {
  (void)status;
  kill(r->pid, SIGTERM);
}

struct other_remote {
  pid_t pid;
};

void other_remote_start(struct other_remote *r) {
  r->pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: child process started by 'fork' is kept in 'other_remote::pid' and killed, but nothing in this file reaps it; kill() does not reap [process-unreaped-child]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: the child is stored in 'other_remote::pid' here
  if (r->pid == 0)
    _exit(0);
}

void other_remote_log(struct other_remote *r) { log_pid(r->pid - 1); }

void other_remote_stop(struct other_remote *r) {
  kill(r->pid, SIGTERM);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: 'kill' in 'other_remote_stop' signals the child but does not reap it; call waitpid() after it
  // CHECK-FIXES: kill(r->pid, SIGTERM); waitpid(r->pid, NULL, 0);
}
