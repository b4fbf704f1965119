// process-orphaned-descendants: a child that leads its own process group
// or session (setsid() or setpgid(0, 0) in the child, setpgid(pid, 0) in
// the parent, itself or through a function given the pid, posix_spawn's POSIX_SPAWN_SETPGROUP or POSIX_SPAWN_SETSID,
// set where it is called or by a helper given the attributes)
// and is stopped with kill(pid, sig) leaves what it started running; a
// group kill of a child that leads no group reaches no process.  A child on
// a terminal of its own (forkpty, login_tty) is not reported: when it
// exits, the kernel hangs up the terminal's foreground group.
// RUN: %check_tidy %s %t -- %tidy_orphans -- -std=gnu11
// RUN: %check_tidy --fix-notes %s %t -- %tidy_orphans -- -std=gnu11
#include <pty.h>
#include <signal.h>
#include <spawn.h>
#include <stddef.h>
#include <sys/ioctl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utmp.h>

extern char **environ;

void stop_session(char **argv) {
  pid_t pid = fork();
  if (pid == 0) {
    setsid();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: 'pid' becomes the leader of a new session here
    execvp(argv[0], argv);
    _exit(127);
  }
  if (pid < 0)
    return;
  kill(pid, SIGTERM);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: call to kill() signals only child process 'pid', which leads its own process group; its descendants keep running [process-orphaned-descendants]
  // CHECK-MESSAGES: :[[@LINE-2]]:8: note: signal the whole group with kill(-pid, ...)
  // CHECK-FIXES: kill(-pid, SIGTERM);
  waitpid(pid, NULL, 0);
}

// The child side after `if (pid != 0) return`, and setpgid(0, 0).
pid_t start_group(char **argv) {
  pid_t pid = fork();
  if (pid != 0)
    return pid;
  setpgid(0, 0);
  execvp(argv[0], argv);
  _exit(127);
}

static void child_setup(void) { setpgid(0, getpid()); }

void stop_group_helper(char **argv) {
  pid_t pid;
  if ((pid = fork()) == 0) {
    child_setup();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: 'pid' becomes the leader of a new process group here
    execvp(argv[0], argv);
    _exit(127);
  }
  kill(pid, SIGKILL);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: call to kill() signals only child process 'pid', which leads its own process group; its descendants keep running [process-orphaned-descendants]
  // CHECK-MESSAGES: :[[@LINE-2]]:8: note: signal the whole group with kill(-pid, ...)
  // CHECK-FIXES: kill(-pid, SIGKILL);
  waitpid(pid, NULL, 0);
}

// The parent makes the group; the group is signalled: no report.
void stop_group_right(char **argv) {
  pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);
    execvp(argv[0], argv);
    _exit(127);
  }
  setpgid(pid, pid);
  kill(-pid, SIGTERM);
  killpg(pid, SIGKILL);
  kill(pid, 0); // Only asks whether it runs.
  waitpid(pid, NULL, 0);
}

// No group of its own: kill(pid) is right, a group kill reaches nothing.
void stop_plain(char **argv) {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: note: 'pid' is started here in its parent's process group
  if (pid == 0) {
    execvp(argv[0], argv);
    _exit(127);
  }
  kill(pid, SIGTERM);
  killpg(pid, SIGTERM);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: call to killpg() signals process group 'pid', but child process 'pid' leads no process group; the signal reaches no process [process-orphaned-descendants]
  waitpid(pid, NULL, 0);
}

void spawn_group(char **argv) {
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
  pid_t pid;
  if (posix_spawnp(&pid, argv[0], NULL, &attr, argv, environ) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: note: 'pid' becomes the leader of a new process group here
    return;
  kill(pid, SIGTERM);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: call to kill() signals only child process 'pid', which leads its own process group; its descendants keep running [process-orphaned-descendants]
  // CHECK-MESSAGES: :[[@LINE-2]]:8: note: signal the whole group with kill(-pid, ...)
  // CHECK-FIXES: kill(-pid, SIGTERM);
  waitpid(pid, NULL, 0);
}

// Spawned into the group 0 names when SETPGROUP is not set: the parent's.
void spawn_plain(char **argv) {
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setpgroup(&attr, 0);
  pid_t pid;
  if (posix_spawnp(&pid, argv[0], NULL, &attr, argv, environ) != 0)
    return;
  kill(pid, SIGTERM);
  waitpid(pid, NULL, 0);
}

// The attributes filled by a helper they are given to.
static void group_attrs(posix_spawnattr_t *attr) {
  posix_spawnattr_init(attr);
  posix_spawnattr_setflags(attr, POSIX_SPAWN_SETPGROUP);
}

void spawn_through_helper(char **argv) {
  posix_spawnattr_t attr;
  group_attrs(&attr);
  pid_t pid;
  if (posix_spawnp(&pid, argv[0], NULL, &attr, argv, environ) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: note: 'pid' becomes the leader of a new process group here
    return;
  kill(pid, SIGTERM);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: call to kill() signals only child process 'pid', which leads its own process group; its descendants keep running [process-orphaned-descendants]
  // CHECK-MESSAGES: :[[@LINE-2]]:8: note: signal the whole group with kill(-pid, ...)
  // CHECK-FIXES: kill(-pid, SIGTERM);
  waitpid(pid, NULL, 0);
}

// A terminal session: the hangup at its leader's exit stops the
// foreground group, so killing the leader is enough.
void stop_pty(void) {
  int master;
  pid_t pid = forkpty(&master, NULL, NULL, NULL);
  if (pid == 0) {
    execl("/bin/sh", "sh", (char *)NULL);
    _exit(127);
  }
  kill(pid, SIGHUP);
  close(master);
  waitpid(pid, NULL, 0);
}

void stop_login_tty(int slave) {
  pid_t pid = fork();
  if (pid == 0) {
    login_tty(slave);
    execl("/bin/sh", "sh", (char *)NULL);
    _exit(127);
  }
  kill(pid, SIGTERM);
  waitpid(pid, NULL, 0);
}

// A leader kept in a global and stopped elsewhere.
static pid_t server;

void start_server(char **argv) {
  pid_t pid = fork();
  if (pid == 0) {
    setsid();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: 'server' becomes the leader of a new session here
    execvp(argv[0], argv);
    _exit(127);
  }
  server = pid;
}

void stop_server(void) {
  kill(server, SIGTERM);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: call to kill() signals only child process 'server', which leads its own process group; its descendants keep running [process-orphaned-descendants]
  // CHECK-MESSAGES: :[[@LINE-2]]:8: note: signal the whole group with kill(-server, ...)
  // CHECK-FIXES: kill(-server, SIGTERM);
  waitpid(server, NULL, 0);
}

// A terminal emulator's child: setsid() and TIOCSCTTY make a terminal
// session (st's ttynew, directly or in a helper); its hangup is enough.
static void take_terminal(int slave) {
  setsid();
  ioctl(slave, TIOCSCTTY, NULL);
}

void stop_emulator_shell(int slave) {
  pid_t pid = fork();
  if (pid == 0) {
    setsid();
    if (ioctl(slave, TIOCSCTTY, NULL) < 0)
      _exit(1);
    execl("/bin/sh", "sh", (char *)NULL);
    _exit(127);
  }
  kill(pid, SIGHUP);
  waitpid(pid, NULL, 0);
}

void stop_emulator_helper(int slave) {
  pid_t pid = fork();
  if (pid == 0) {
    take_terminal(slave);
    execl("/bin/sh", "sh", (char *)NULL);
    _exit(127);
  }
  kill(pid, SIGHUP);
  waitpid(pid, NULL, 0);
}

// Another ioctl is not a terminal: the session leader is killed alone.
void stop_session_other_ioctl(int fd) {
  pid_t pid = fork();
  if (pid == 0) {
    setsid();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: 'pid' becomes the leader of a new session here
    ioctl(fd, FIONBIO, NULL);
    execl("/bin/sh", "sh", (char *)NULL);
    _exit(127);
  }
  kill(pid, SIGTERM);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: call to kill() signals only child process 'pid', which leads its own process group; its descendants keep running [process-orphaned-descendants]
  // CHECK-MESSAGES: :[[@LINE-2]]:8: note: signal the whole group with kill(-pid, ...)
  // CHECK-FIXES: kill(-pid, SIGTERM);
  waitpid(pid, NULL, 0);
}

// st's shape: `switch (shell = fork())`, the child side in `case 0`, and
// the hangup sent elsewhere.  With TIOCSCTTY it is a terminal session.
static pid_t shell;

void start_shell(int slave, int tty) {
  switch (shell = fork()) {
  case -1:
    return;
  case 0:
    setsid();
    if (tty && ioctl(slave, TIOCSCTTY, NULL) < 0)
      _exit(1);
    execl("/bin/sh", "sh", (char *)NULL);
    _exit(127);
  default:
    break;
  }
}

void hang_up_shell(void) { kill(shell, SIGHUP); }

// The same without the terminal: a plain session, killed alone.
static pid_t daemon_pid;

void start_daemon(void) {
  switch (daemon_pid = fork()) {
  case 0:
    setsid();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: 'daemon_pid' becomes the leader of a new session here
    execl("/bin/sh", "sh", (char *)NULL);
    _exit(127);
  default:
    break;
  }
}

void stop_daemon(void) { kill(daemon_pid, SIGTERM); }
// CHECK-MESSAGES: :[[@LINE-1]]:26: warning: call to kill() signals only child process 'daemon_pid', which leads its own process group; its descendants keep running [process-orphaned-descendants]
// CHECK-MESSAGES: :[[@LINE-2]]:31: note: signal the whole group with kill(-daemon_pid, ...)
// CHECK-FIXES: void stop_daemon(void) { kill(-daemon_pid, SIGTERM); }

// Only a stop is judged: a signal whose default action ends the process.
// A supervisor forwarding the signal it was asked to send (OpenRC's
// supervise-daemon), or SIGCONT to the leader, may well mean the leader.
void forward(char **argv, int sig) {
  pid_t pid = fork();
  if (pid == 0) {
    setsid();
    execv(argv[0], argv);
    _exit(127);
  }
  kill(pid, sig);     // no-warning: not known to be a stop
  kill(pid, SIGCONT); // no-warning: SIGCONT ends no process
  kill(pid, SIGHUP);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: call to kill() signals only child process 'pid', which leads its own process group; its descendants keep running [process-orphaned-descendants]
  // CHECK-MESSAGES: :[[@LINE-2]]:8: note: signal the whole group with kill(-pid, ...)
  // CHECK-MESSAGES: :[[@LINE-9]]:5: note: 'pid' becomes the leader of a new session here
  // CHECK-FIXES: kill(-pid, SIGHUP);
  waitpid(pid, NULL, 0);
}

// The parent makes the child a leader through a function it gives the pid
// to (a job-control helper); one that puts it back into the parent's own
// group leaves a kill of it alone right.
static void job_own_group(pid_t job) { setpgid(job, job); }
static void job_parent_group(pid_t job) { setpgid(job, getpgrp()); }

void stop_job(char **argv) {
  pid_t pid = fork();
  if (pid == 0) {
    execvp(argv[0], argv);
    _exit(127);
  }
  job_own_group(pid);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: 'pid' becomes the leader of a new process group here
  kill(pid, SIGTERM);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: call to kill() signals only child process 'pid', which leads its own process group; its descendants keep running [process-orphaned-descendants]
  // CHECK-MESSAGES: :[[@LINE-2]]:8: note: signal the whole group with kill(-pid, ...)
  // CHECK-FIXES: kill(-pid, SIGTERM);
  waitpid(pid, NULL, 0);
}

void stop_job_in_group(char **argv) {
  pid_t pid = fork();
  if (pid == 0) {
    execvp(argv[0], argv);
    _exit(127);
  }
  job_parent_group(pid);
  kill(pid, SIGTERM); // no-warning: in its parent's group, with no group
  waitpid(pid, NULL, 0);
}
