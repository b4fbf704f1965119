// process-orphaned-descendants: a holder that may also keep the result of
// a call the model does not know as a start (tmux's job.c: `pid =
// fdforkpty(...)` on one path, `pid = fork()` on the other; its own
// wrapper of forkpty) holds a child of unknown kind, so a group kill of it
// is not judged by the fork() alone.  Where every value is a known start,
// it is.
// RUN: %check_tidy %s %t -- %tidy_orphans -- -std=gnu11
#include <signal.h>
#include <sys/types.h>
#include <unistd.h>

pid_t my_forkpty(int *master);

struct job {
  pid_t pid;
};

struct job jobs[8];
static pid_t plain_child;

void start_job(struct job *job, int pty, int *master) {
  pid_t pid;
  if (pty)
    pid = my_forkpty(master);
  else
    pid = fork();
  if (pid == 0)
    _exit(0);
  job->pid = pid;
}

void continue_job(struct job *job) { killpg(job->pid, SIGCONT); }

void start_local(int pty, int *master) {
  pid_t pid = pty ? -1 : fork();
  if (pty)
    pid = my_forkpty(master);
  if (pid == 0)
    _exit(0);
  killpg(pid, SIGTERM);
}

void start_plain(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: note: 'plain_child' is started here in its parent's process group
  if (pid == 0)
    _exit(0);
  plain_child = pid;
}

void stop_plain(void) {
  killpg(plain_child, SIGTERM);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: call to killpg() signals process group 'plain_child', but child process 'plain_child' leads no process group; the signal reaches no process [process-orphaned-descendants]
}

// The same local named another process before the start (ssh-agent's
// `pid = strtonum(getenv(...))` for -k): that kill is not of the child.
void kill_then_start(const char *other) {
  pid_t pid = (pid_t)other[0];
  kill(pid, SIGTERM);
  pid = fork();
  if (pid == 0) {
    setsid();
    _exit(0);
  }
  pid = (pid_t)other[1];
  kill(pid, SIGTERM);
}

// A child that joins the group a value names (hush's pipelines: the first
// child leads with `setpgid(0, getpid())`, the others join its group with
// `setpgid(0, pgrp)`) may lead or not: neither kill of it is judged.
void run_in_group(pid_t pgrp) {
  pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, pgrp);
    _exit(0);
  }
  kill(-pid, SIGHUP); // no-warning: its group is not known
  kill(pid, SIGTERM); // no-warning: its group is not known
}

// The parent puts the child into the group a value names: the same.
void put_in_group(pid_t pgrp) {
  pid_t pid = fork();
  if (pid == 0)
    _exit(0);
  setpgid(pid, pgrp);
  killpg(pid, SIGHUP); // no-warning: its group is not known
}
