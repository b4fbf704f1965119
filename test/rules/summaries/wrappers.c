// Functions of the translation unit that return a child they started (or
// write it through an out-parameter) are starts at their call sites.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <signal.h>
#include <stdio.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static pid_t spawn_helper(const char *cmd) {
  pid_t pid = fork(); // no-warning: handed to the caller
  if (pid < 0)
    return -1;
  if (pid == 0) {
    execlp(cmd, cmd, (char *)NULL);
    _exit(127);
  }
  return pid;
}

static pid_t spawn_indirect(const char *cmd) { return spawn_helper(cmd); }

static int spawn_into(const char *cmd, pid_t *out) {
  pid_t pid = fork(); // no-warning: written to *out
  if (pid < 0)
    return -1;
  if (pid == 0)
    _exit(127);
  *out = pid;
  return 0;
}

static FILE *open_reader(const char *cmd) {
  FILE *f = popen(cmd, "r"); // no-warning: returned
  return f;
}

static int my_forkpty_like(int *master) {
  *master = -1;
  return fork(); // no-warning: returned
}

void add_job(pid_t pid); // a job table, reaped elsewhere

static pid_t spawn_job(void) {
  pid_t pid = fork(); // no-warning: registered in the job table
  if (pid == -1)
    return -1;
  if (pid == 0)
    _exit(0);
  add_job(pid);
  return pid;
}

int registered_elsewhere(void) {
  switch (spawn_job()) { // no-warning: spawn_job hands the child to the job table, not only to us
  case -1:
    return 1;
  default:
    return 0;
  }
}

static pid_t not_a_wrapper(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  return 42; // a constant, not the child
}

void leaks_wrapper_child(void) {
  pid_t p = spawn_helper("ls");
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: child process 'p' started by 'spawn_helper' is never reaped [process-unreaped-child]
  printf("%d\n", p);
}

void leaks_through_two_wrappers(void) {
  pid_t p = spawn_indirect("ls");
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: child process 'p' started by 'spawn_indirect' is never reaped [process-unreaped-child]
  (void)p;
}

int leaks_out_param_child(int early) {
  pid_t p;
  if (spawn_into("ls", &p) != 0)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: child process 'p' started by 'spawn_into' is not reaped on every path [process-unreaped-child]
    return -1; // no-warning for this path: a non-zero status means no child
  if (early)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'early' is true
    return 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'p' is still unreaped when the function returns here
  waitpid(p, NULL, 0);
  return 0;
}

void leaks_stream_wrapper(void) {
  FILE *f = open_reader("ls");
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: child process 'f' started by 'open_reader' is never reaped [process-unreaped-child]
  if (!f)
    return;
  char line[64];
  fgets(line, sizeof line, f);
}

void leaks_local_forkpty(void) {
  int master;
  pid_t pid = my_forkpty_like(&master);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'my_forkpty_like' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  close(master);
}

// Negative cases.
void reaps_wrapper_child(void) {
  pid_t p = spawn_helper("ls"); // no-warning: waited
  if (p > 0)
    waitpid(p, NULL, 0);
}

void pcloses_stream_wrapper(void) {
  FILE *f = open_reader("ls"); // no-warning: pclose
  if (f)
    pclose(f);
}

void discards_nothing(void) {
  pid_t p = not_a_wrapper(); // no-warning: not_a_wrapper returns no child
  (void)p;
}

// An out-parameter wrapper returning a stream (util-linux's readprofile):
// the pid is valid only where the stream is not NULL; a NULL result means
// no child, so opening again after it overwrites nothing.
static FILE *open_unzipped(const char *name, pid_t *cpid) {
  *cpid = 0;
  int fd[2];
  if (pipe(fd) != 0)
    return NULL;
  pid_t pid = fork();
  if (pid < 0)
    return NULL;
  if (pid == 0) {
    dup2(fd[1], 1);
    execlp("zcat", "zcat", name, (char *)NULL);
    _exit(127);
  }
  close(fd[1]);
  FILE *fp = fdopen(fd[0], "r");
  if (!fp) {
    close(fd[0]);
    waitpid(pid, NULL, 0);
    return NULL;
  }
  *cpid = pid;
  return fp;
}

int read_map(const char *name, const char *fallback) {
  pid_t gz;
  FILE *map = open_unzipped(name, &gz); // no-warning: map is NULL without a child
  if (map == NULL)
    map = open_unzipped(fallback, &gz);
  if (map == NULL)
    return -1;
  fclose(map);
  waitpid(gz, NULL, 0);
  return 0;
}

int read_map_leaky(const char *name) {
  pid_t gz;
  FILE *map = open_unzipped(name, &gz);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'gz' started by 'open_unzipped' is not reaped on every path [process-unreaped-child]
  if (map == NULL)
    return -1;
  if (fgetc(map) == EOF)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: assuming 'fgetc(map) == EOF' is true
    return -1;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: child process 'gz' is still unreaped when the function returns here
  fclose(map);
  waitpid(gz, NULL, 0);
  return 0;
}

// The status kept negated in a variable (openvswitch's `child_ready =
// !fork_and_wait_for_startup(&fd, &pid);`): the variable is not 0 when the
// child was started.
int spawn_ready_checked(void) {
  pid_t p;
  int ready = !spawn_into("ls", &p); // no-warning: waited when ready
  if (!ready)
    return -1;
  waitpid(p, NULL, 0);
  return 0;
}

int spawn_ready_inverted(void) {
  pid_t p;
  int ready;
  ready = !spawn_into("ls", &p);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: child process 'p' started by 'spawn_into' is never reaped [process-unreaped-child]
  if (ready)
    return -1; // The child is started on this path only.
  waitpid(p, NULL, 0);
  return 0;
}
