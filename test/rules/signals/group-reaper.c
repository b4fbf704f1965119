// A SIGCHLD handler whose reaps of any child all name its own process
// group (waitpid(0, ...), waitid(P_PGID, 0, ...)) reaps only the children
// still in that group when they exit.  A child that leaves it (setsid() or
// setpgid(0, 0) on its side, setpgid(pid, pid) in the parent, itself or
// through a function it gives the pid to, a start that
// makes it lead a session: forkpty, POSIX_SPAWN_SETPGROUP set on the spawn
// attributes, where posix_spawn is called or by a helper given them; or
// that joins another group a value names: setpgid(0, pgrp),
// posix_spawnattr_setpgroup) is judged as if no handler reaped it, with a
// note where it leaves.  The
// children that stay are covered.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DBY_WAITID=1
// A pid written as a negation (`-getpgrp()`, `-pgid`) names a group: ids are
// positive, whatever the value.
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11 -DBY_NEGATED_GROUP=1
// A handler that reaps every group (waitpid(-1, ...)), or an ignore (the
// kernel's, for every child), covers them all.
// RUN: %check_tidy --prefix CHECK-EVERY %s %t -- %tidy -- -std=gnu11 -DEVERY=1
// RUN: %check_tidy --prefix CHECK-EVERY %s %t -- %tidy -- -std=gnu11 -DIGNORE=1
#include <pty.h>
#include <signal.h>
#include <spawn.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static void on_chld(int sig) {
  (void)sig;
#if EVERY
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
#elif BY_NEGATED_GROUP
  while (waitpid(-getpgrp(), NULL, WNOHANG) > 0) {
  }
#elif BY_WAITID
  siginfo_t info;
  for (;;) {
    info.si_pid = 0;
    if (waitid(P_PGID, 0, &info, WEXITED | WNOHANG) != 0 || info.si_pid == 0)
      break;
  }
#else
  while (waitpid(0, NULL, WNOHANG) > 0) {
  }
#endif
}

void install(void) {
#if IGNORE
  signal(SIGCHLD, SIG_IGN);
#else
  signal(SIGCHLD, on_chld);
#endif
}

void stays(void) {
  pid_t pid = fork(); // no-warning: in the group, the handler reaps it
  if (pid == 0)
    _exit(0);
}

void new_session(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0) {
    setsid();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: the child leaves its parent's process group here, and the program's reapers wait only for children of that group
    _exit(0);
  }
}

void own_group(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0) {
    setpgid(0, 0);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: the child leaves its parent's process group here, and the program's reapers wait only for children of that group
    _exit(0);
  }
}

void moved_by_parent(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  if (pid > 0)
    setpgid(pid, pid);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: the child leaves its parent's process group here, and the program's reapers wait only for children of that group
}

void on_a_pty(void) {
  int master;
  pid_t pid = forkpty(&master, NULL, NULL, NULL);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'forkpty' is never reaped [process-unreaped-child]
  // CHECK-MESSAGES: :[[@LINE-2]]:15: note: the child leaves its parent's process group here, and the program's reapers wait only for children of that group
  if (pid == 0)
    _exit(0);
  close(master);
}

void waited(void) {
  pid_t pid = fork(); // no-warning: reaped here
  if (pid == 0) {
    setsid();
    _exit(0);
  }
  waitpid(pid, NULL, 0);
}

// The helper that fills the attributes sets the child's own group, through
// one more helper.
static void own_group_flag(posix_spawnattr_t *attr) {
  posix_spawnattr_setflags(attr, POSIX_SPAWN_SETPGROUP);
}

static void job_attrs(posix_spawnattr_t *attr) {
  posix_spawnattr_init(attr);
  own_group_flag(attr);
}

// This one sets nothing about groups.
static void plain_attrs(posix_spawnattr_t *attr) {
  posix_spawnattr_init(attr);
  posix_spawnattr_setflags(attr, POSIX_SPAWN_SETSIGMASK);
}

void spawn_job(char *const argv[]) {
  posix_spawnattr_t attr;
  pid_t pid;
  job_attrs(&attr);
  posix_spawn(&pid, "/bin/true", NULL, &attr, argv, NULL);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: child process 'pid' started by 'posix_spawn' is never reaped [process-unreaped-child]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: the child leaves its parent's process group here, and the program's reapers wait only for children of that group
  posix_spawnattr_destroy(&attr);
}

void spawn_plain(char *const argv[]) {
  posix_spawnattr_t attr;
  pid_t pid;
  plain_attrs(&attr);
  posix_spawn(&pid, "/bin/true", NULL, &attr, argv, NULL); // no-warning: in the group
  posix_spawnattr_destroy(&attr);
}

// A pipeline's stage joins the group of the pipeline's first stage (a
// value, not 0): it leaves its parent's group too.
void pipeline_stage(pid_t pgrp) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0) {
    setpgid(0, pgrp);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: the child leaves its parent's process group here, and the program's reapers wait only for children of that group
    _exit(0);
  }
}

// Joining the group it is in already (getpgrp()) stays in it.
void same_group(void) {
  pid_t pid = fork(); // no-warning: still in the group
  if (pid == 0) {
    setpgid(0, getpgrp());
    _exit(0);
  }
}

void spawn_stage(pid_t pgrp, char *const argv[]) {
  posix_spawnattr_t attr;
  pid_t pid;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attr, pgrp);
  posix_spawn(&pid, "/bin/true", NULL, &attr, argv, NULL);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: child process 'pid' started by 'posix_spawn' is never reaped [process-unreaped-child]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: the child leaves its parent's process group here, and the program's reapers wait only for children of that group
  posix_spawnattr_destroy(&attr);
}

// The parent moves its child through a function it gives the pid to: into
// a group of its own (two levels deep here), into one a value names, or
// into the group the parent is in (the child stays).
static void own_job_group(pid_t job) { setpgid(job, 0); }
static void launch(pid_t job) { own_job_group(job); }
static void join_job(pid_t job, pid_t pgrp) {
  if (setpgid(job, pgrp) != 0)
    return;
}
static void keep_in_group(pid_t job) { setpgid(job, getpgid(0)); }

void moved_by_helper(void) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  launch(pid);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: the child leaves its parent's process group here, and the program's reapers wait only for children of that group
}

void joined_by_helper(pid_t pgrp) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  if (pid == 0)
    _exit(0);
  join_job(pid, pgrp);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: the child leaves its parent's process group here, and the program's reapers wait only for children of that group
}

void kept_by_helper(void) {
  pid_t pid = fork(); // no-warning: still in the group
  if (pid == 0)
    _exit(0);
  keep_in_group(pid);
}
