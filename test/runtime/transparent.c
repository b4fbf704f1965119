// The program sees the same thing with and without reapcheck-run: errno
// after each wrapped call, wait statuses, the SIGCHLD disposition, its open
// descriptors, no extra child, and real vfork semantics (the child borrows
// the parent's memory).
// RUN: %cc -g -O0 -o %t %s
// RUN: %t > %t.bare
// RUN: %reapcheck_run -- %t > %t.tool
// RUN: diff %t.bare %t.tool
// RUN: %FileCheck %s --match-full-lines < %t.tool
// An ignored SIGUSR2 inherited from the caller (reapcheck-run handles
// SIGUSR2 itself) still reaches the program ignored.
// RUN: python3 -c "import os, signal, sys; signal.signal(signal.SIGUSR2, signal.SIG_IGN); os.execv(sys.argv[1], sys.argv[1:])" %t > %t.bare-ign
// RUN: python3 -c "import os, signal, sys; signal.signal(signal.SIGUSR2, signal.SIG_IGN); os.execv(sys.argv[1], sys.argv[1:])" %reapcheck_run -- %t > %t.tool-ign
// RUN: diff %t.bare-ign %t.tool-ign
// RUN: %FileCheck %s --check-prefix=IGN < %t.tool-ign
// IGN: SIGCHLD default: 1, SIGUSR2 default: 0
#include <errno.h>
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <spawn.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;
static volatile int Borrowed;

static int openFds(void) {
  int N = 0;
  DIR *D = opendir("/proc/self/fd");
  while (readdir(D))
    ++N;
  closedir(D);
  return N - 3; // ".", ".." and the directory itself
}

int main(void) {
  int Fds = openFds();
  int Status = 0;
  // CHECK: waitpid without children: -1 ECHILD
  errno = 0;
  printf("waitpid without children: %d %s\n", waitpid(-1, NULL, 0),
         errno == ECHILD ? "ECHILD" : strerror(errno));

  errno = 1234;
  pid_t Pid = fork();
  if (Pid == 0)
    _exit(42);
  // CHECK-NEXT: errno after fork: 1234
  printf("errno after fork: %d\n", errno);
  errno = 77;
  pid_t Got = waitpid(Pid, &Status, 0);
  // CHECK-NEXT: waitpid: same pid 1, status 42, errno 77
  printf("waitpid: same pid %d, status %d, errno %d\n", Got == Pid,
         WEXITSTATUS(Status), errno);

  // With a NULL status the wrapper reads the status itself: still a reap.
  if ((Pid = fork()) == 0)
    _exit(0);
  // CHECK-NEXT: waitpid(NULL status): 1
  printf("waitpid(NULL status): %d\n", waitpid(Pid, NULL, 0) == Pid);

  // vfork: the child writes the parent's memory before _exit.
  if ((Pid = vfork()) == 0) {
    Borrowed = 1;
    _exit(3);
  }
  // CHECK-NEXT: vfork shared memory: 1, status 3
  waitpid(Pid, &Status, 0);
  printf("vfork shared memory: %d, status %d\n", Borrowed, WEXITSTATUS(Status));

  char *Argv[] = {"false", NULL};
  errno = 55;
  int Rc = posix_spawnp(&Pid, "false", NULL, NULL, Argv, environ);
  // glibc's PATH search may leave ENOENT from the directories it tried,
  // depending on PATH: the diff above is what proves errno is glibc's.
  // CHECK-NEXT: posix_spawnp: 0, errno {{[0-9]+}}
  printf("posix_spawnp: %d, errno %d\n", Rc, errno);
  siginfo_t Info;
  memset(&Info, 0, sizeof(Info));
  waitid(P_PID, Pid, &Info, WEXITED);
  // CHECK-NEXT: waitid: code exited, status 1
  printf("waitid: code %s, status %d\n",
         Info.si_code == CLD_EXITED ? "exited" : "other", Info.si_status);

  Rc = posix_spawnp(&Pid, "/nonexistent/program", NULL, NULL, Argv, environ);
  // CHECK-NEXT: failed posix_spawnp: ENOENT, pid untouched 1
  printf("failed posix_spawnp: %s, pid untouched %d\n",
         Rc == ENOENT ? "ENOENT" : strerror(Rc), Pid == Info.si_pid);

  FILE *F = popen("exit 5", "r");
  errno = 99;
  Rc = pclose(F);
  // CHECK-NEXT: pclose: status 5, errno 99
  printf("pclose: status %d, errno %d\n", WEXITSTATUS(Rc), errno);

  errno = 0;
  // CHECK-NEXT: pclose(NULL)-free wait: -1 ECHILD
  printf("pclose(NULL)-free wait: %d %s\n", wait(NULL),
         errno == ECHILD ? "ECHILD" : strerror(errno));

  struct sigaction Sa;
  sigaction(SIGCHLD, NULL, &Sa);
  // CHECK-NEXT: SIGCHLD default: 1, SIGUSR2 default: 1
  struct sigaction Usr;
  sigaction(SIGUSR2, NULL, &Usr);
  printf("SIGCHLD default: %d, SIGUSR2 default: %d\n", Sa.sa_handler == SIG_DFL,
         Usr.sa_handler == SIG_DFL);
  // CHECK-NEXT: descriptors opened meanwhile: 0
  printf("descriptors opened meanwhile: %d\n", openFds() - Fds);
  return 0;
}
