/*
 * libreapcheck-preload.so: loaded by reapcheck-run (LD_PRELOAD) into the
 * program under test.  It interposes the libc calls that start a child
 * process and the ones that reap one, and appends one line per event to the
 * file named by REAPCHECK_EVENTS.  It keeps only the resolved real functions
 * and its recording state (preload_events.c: the events path, whether it
 * records, the program's path, whether SIGCHLD is auto-reaped); the verdicts
 * are the launcher's (and the C API's), read from the file.
 *
 *   started  --waitpid/wait/wait3/wait4/waitid/pclose reports it-->  reaped
 *      \--program exits-->  still a child of reapcheck-run: unreaped
 *
 * Rules this library keeps, because the program must not see it:
 *  - every wrapper calls the real function with the program's arguments and
 *    returns its result; errno after a wrapper is the real call's errno;
 *  - no wait, no signal disposition change, no fd left open (each event is
 *    open + write + close of an O_APPEND file, all async-signal-safe);
 *  - nothing runs in the child after fork/vfork/_Fork/clone returns there.
 *  - no lock: a forking thread never leaves the child a held lock, and a
 *    SIGCHLD handler that reaps cannot deadlock against the code it
 *    interrupts.
 * The stack of a start is taken in the parent with backtrace() (the unwinder
 * is loaded once at start-up so the call does not dlopen later), and each
 * frame is written as module-relative address plus module path; the
 * launcher symbolises them.
 *
 * Exec'd programs: the library is inherited through LD_PRELOAD, but only the
 * process reapcheck-run started (REAPCHECK_ROOT_PID) and its forks record
 * stacks; other images write only "who started whom" lines (for the
 * launcher's orphan lineage) unless REAPCHECK_FOLLOW_EXEC=1.
 *
 * This file holds the interposed calls; the recording state, the stacks and
 * the event lines are in preload_events.c (preload.h between them).
 */
#include "preload.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pty.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define EXPORT __attribute__((visibility("default")))

typedef pid_t (*fork_fn)(void);
typedef int (*clone_fn)(int (*)(void *), void *, int, void *, ...);
typedef int (*spawn_fn)(pid_t *, const char *, const posix_spawn_file_actions_t *,
                        const posix_spawnattr_t *, char *const[], char *const[]);
typedef FILE *(*popen_fn)(const char *, const char *);
typedef int (*pclose_fn)(FILE *);
typedef pid_t (*forkpty_fn)(int *, char *, const struct termios *, const struct winsize *);
typedef pid_t (*waitpid_fn)(pid_t, int *, int);
typedef pid_t (*wait_fn)(int *);
typedef pid_t (*wait3_fn)(int *, int, struct rusage *);
typedef pid_t (*wait4_fn)(pid_t, int *, int, struct rusage *);
typedef int (*waitid_fn)(idtype_t, id_t, siginfo_t *, int);
typedef sighandler_t (*signal_fn)(int, sighandler_t);

static struct {
  fork_fn Fork, UFork;
  clone_fn Clone;
  spawn_fn Spawn, Spawnp;
  popen_fn Popen;
  pclose_fn Pclose;
  forkpty_fn Forkpty;
  waitpid_fn Waitpid;
  wait_fn Wait;
  wait3_fn Wait3;
  wait4_fn Wait4;
  waitid_fn Waitid;
  sigaction_fn Sigaction;
  signal_fn Signal;
} Real;

static void *next(const char *Name) { return dlsym(RTLD_NEXT, Name); }

static void resolveAll(void) {
  Real.Fork = (fork_fn)next("fork");
  Real.UFork = (fork_fn)next("_Fork");
  Real.Clone = (clone_fn)next("clone");
  Real.Spawn = (spawn_fn)next("posix_spawn");
  Real.Spawnp = (spawn_fn)next("posix_spawnp");
  Real.Popen = (popen_fn)next("popen");
  Real.Pclose = (pclose_fn)next("pclose");
  Real.Forkpty = (forkpty_fn)next("forkpty");
  Real.Waitpid = (waitpid_fn)next("waitpid");
  Real.Wait = (wait_fn)next("wait");
  Real.Wait3 = (wait3_fn)next("wait3");
  Real.Wait4 = (wait4_fn)next("wait4");
  Real.Waitid = (waitid_fn)next("waitid");
  Real.Sigaction = (sigaction_fn)next("sigaction");
  Real.Signal = (signal_fn)next("signal");
}

/* A wrapper can run before our constructor (another library's constructor
 * forking): resolve then.  dlsym is not async-signal-safe, which only
 * matters in that unlikely window. */
#define REAL(Field)                                                            \
  (Real.Field ? Real.Field : (resolveAll(), Real.Field))

/* The real calls first: the recording state is read from the environment
 * next, with the program's SIGCHLD disposition through the real sigaction. */
__attribute__((constructor)) static void init(void) {
  resolveAll();
  startRecording(Real.Sigaction);
}

/* ---- starts ---- */

EXPORT pid_t fork(void) {
  struct Stack S;
  capture(&S);
  pid_t Pid = REAL(Fork)();
  if (Pid > 0)
    recordStart("fork", Pid, &S);
  return Pid;
}

EXPORT pid_t _Fork(void) {
  struct Stack S;
  capture(&S);
  if (!REAL(UFork)) {
    errno = ENOSYS;
    return -1;
  }
  pid_t Pid = Real.UFork();
  if (Pid > 0)
    recordStart("_Fork", Pid, &S);
  return Pid;
}

/* vfork itself is in vfork_x86_64.S: a C wrapper would return in the child
 * and leave the parent a clobbered frame.  The parent lands here once the
 * child has exec'd or exited, so its stack is its own again. */
void reapcheckVforkParent(pid_t Pid) {
  struct Stack S;
  capture(&S);
  recordStart("vfork", Pid, &S);
}

void reapcheckSetErrno(int E) { errno = E; }

EXPORT int clone(int (*Fn)(void *), void *ChildStack, int Flags, void *Arg,
                 ...) {
  va_list Ap;
  va_start(Ap, Arg);
  /* glibc's clone reads these three whether or not the flags use them. */
  pid_t *ParentTid = va_arg(Ap, pid_t *);
  void *Tls = va_arg(Ap, void *);
  pid_t *ChildTid = va_arg(Ap, pid_t *);
  va_end(Ap);
  /* A thread, or a sibling (CLONE_PARENT), is not a child to reap. */
  int Child = !(Flags & (CLONE_THREAD | CLONE_PARENT));
  struct Stack S;
  S.N = 0;
  if (Child)
    capture(&S);
  int Pid = REAL(Clone)(Fn, ChildStack, Flags, Arg, ParentTid, Tls, ChildTid);
  if (Child && Pid > 0)
    recordStart("clone", Pid, &S);
  return Pid;
}

static int spawnCommon(const char *Kind, spawn_fn Fn, pid_t *PidOut,
                       const char *Path,
                       const posix_spawn_file_actions_t *Actions,
                       const posix_spawnattr_t *Attr, char *const Argv[],
                       char *const Envp[]) {
  struct Stack S;
  capture(&S);
  pid_t Pid = 0;
  int Rc = Fn(&Pid, Path, Actions, Attr, Argv, Envp);
  if (Rc == 0) {
    if (PidOut)
      *PidOut = Pid;
    recordStart(Kind, Pid, &S);
  }
  return Rc;
}

EXPORT int posix_spawn(pid_t *Pid, const char *Path,
                       const posix_spawn_file_actions_t *Actions,
                       const posix_spawnattr_t *Attr, char *const Argv[],
                       char *const Envp[]) {
  return spawnCommon("posix_spawn", REAL(Spawn), Pid, Path, Actions, Attr,
                     Argv, Envp);
}

EXPORT int posix_spawnp(pid_t *Pid, const char *File,
                        const posix_spawn_file_actions_t *Actions,
                        const posix_spawnattr_t *Attr, char *const Argv[],
                        char *const Envp[]) {
  return spawnCommon("posix_spawnp", REAL(Spawnp), Pid, File, Actions, Attr,
                     Argv, Envp);
}

/* glibc keeps the child's pid right after the FILE and its vtable pointer
 * (struct _IO_proc_file in libio/iopopen.c, unchanged since 1990s).  The
 * value is trusted only if that process really is our child. */
static pid_t popenPid(FILE *F) {
  pid_t Pid;
  memcpy(&Pid, (char *)F + sizeof(FILE) + sizeof(void *), sizeof(Pid));
  return Pid;
}

static int isOurChild(pid_t Pid) {
  if (Pid <= 0)
    return 0;
  char Buf[512];
  LINE(P, 64);
  put(&P, "/proc/");
  putDec(&P, Pid);
  put(&P, "/stat");
  P.Buf[P.Len] = 0;
  int Fd = open(P.Buf, O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return 0;
  ssize_t N = read(Fd, Buf, sizeof(Buf) - 1);
  close(Fd);
  if (N <= 0)
    return 0;
  Buf[N] = 0;
  const char *Close = strrchr(Buf, ')');
  if (!Close)
    return 0;
  /* ") S ppid ..." */
  return atol(Close + 4) == (long)getpid();
}

EXPORT FILE *popen(const char *Command, const char *Mode) {
  struct Stack S;
  capture(&S);
  FILE *F = REAL(Popen)(Command, Mode);
  if (F && Enabled) {
    int Saved = errno;
    pid_t Pid = popenPid(F);
    if (isOurChild(Pid))
      recordStart("popen", Pid, &S);
    errno = Saved;
  }
  return F;
}

EXPORT int pclose(FILE *F) {
  pid_t Pid = F ? popenPid(F) : -1;
  int Rc = REAL(Pclose)(F);
  if (Rc != -1)
    recordReap("pclose", Pid);
  return Rc;
}

EXPORT pid_t forkpty(int *Master, char *Name, const struct termios *Termp,
                     const struct winsize *Winp) {
  struct Stack S;
  capture(&S);
  pid_t Pid = REAL(Forkpty)(Master, Name, Termp, Winp);
  if (Pid > 0)
    recordStart("forkpty", Pid, &S);
  return Pid;
}

/* ---- reaps ---- */

static int terminated(int Status) {
  return WIFEXITED(Status) || WIFSIGNALED(Status);
}

EXPORT pid_t waitpid(pid_t Pid, int *Status, int Options) {
  int Local = 0;
  int *Out = Status ? Status : &Local;
  pid_t R = REAL(Waitpid)(Pid, Out, Options);
  if (R > 0 && terminated(*Out) && !(Options & WNOWAIT))
    recordReap(Pid > 0 ? "waitpid" : "waitpid-any", R);
  return R;
}

EXPORT pid_t wait(int *Status) {
  int Local = 0;
  int *Out = Status ? Status : &Local;
  pid_t R = REAL(Wait)(Out);
  if (R > 0 && terminated(*Out))
    recordReap("wait", R);
  return R;
}

EXPORT pid_t wait3(int *Status, int Options, struct rusage *Usage) {
  int Local = 0;
  int *Out = Status ? Status : &Local;
  pid_t R = REAL(Wait3)(Out, Options, Usage);
  if (R > 0 && terminated(*Out))
    recordReap("wait3", R);
  return R;
}

EXPORT pid_t wait4(pid_t Pid, int *Status, int Options, struct rusage *Usage) {
  int Local = 0;
  int *Out = Status ? Status : &Local;
  pid_t R = REAL(Wait4)(Pid, Out, Options, Usage);
  if (R > 0 && terminated(*Out) && !(Options & WNOWAIT))
    recordReap(Pid > 0 ? "wait4" : "wait4-any", R);
  return R;
}

EXPORT int waitid(idtype_t Type, id_t Id, siginfo_t *Info, int Options) {
  siginfo_t Local;
  memset(&Local, 0, sizeof(Local));
  siginfo_t *Out = Info ? Info : &Local;
  int R = REAL(Waitid)(Type, Id, Out, Options);
  if (R == 0 && !(Options & WNOWAIT) && Out->si_pid > 0 &&
      (Out->si_code == CLD_EXITED || Out->si_code == CLD_KILLED ||
       Out->si_code == CLD_DUMPED))
    recordReap(Type == P_ALL || Type == P_PGID ? "waitid-any" : "waitid",
               Out->si_pid);
  return R;
}

/* ---- SIGCHLD disposition: observed, passed through untouched ---- */

EXPORT int sigaction(int Sig, const struct sigaction *Act,
                     struct sigaction *Old) {
  int R = REAL(Sigaction)(Sig, Act, Old);
  if (R == 0 && Sig == SIGCHLD && Act)
    noteDisposition(Act->sa_handler, Act->sa_flags);
  return R;
}

EXPORT sighandler_t signal(int Sig, sighandler_t Handler) {
  sighandler_t R = REAL(Signal)(Sig, Handler);
  if (R != SIG_ERR && Sig == SIGCHLD)
    noteDisposition(Handler, 0);
  return R;
}
