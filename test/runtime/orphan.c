// A child killed alone leaves its own child running, re-parented to
// reapcheck-run (a child subreaper): reported as an orphaned descendant,
// named by the start site of the program's child it comes from.  Killing the
// child's whole process group instead leaves nothing behind.
// RUN: %cc -g -O0 -o %t %s
// RUN: %exit_status %reapcheck_run -- %t alone %t.pid > %t.alone.out 2> %t.alone.err
// RUN: %FileCheck %s --check-prefix=STATUS-ALONE < %t.alone.out
// RUN: %FileCheck %s -DFILE=%s --check-prefix=ALONE < %t.alone.err
// The same in --json: the orphan, the program's child it came from, and
// its own start.
// RUN: %exit_status %reapcheck_run --json %t.json -- %t alone 2> /dev/null | %FileCheck %s --check-prefix=STATUS-ALONE
// RUN: python3 -c "import json, sys; o = json.load(open(sys.argv[1]))['orphaned'][0]; print(o['command'], o['state']); print('ancestor', o['ancestor']['api'], o['ancestor']['site']); print('own', o['start']['api'], o['start']['site'])" %t.json | %FileCheck %s -DFILE=%s --check-prefix=JSON --match-full-lines
// JSON: sleep running
// After reporting it, reapcheck-run killed and reaped the orphan...
// RUN: python3 -c "import os, sys; print('alive:', os.path.exists('/proc/' + open(sys.argv[1]).read()))" %t.pid | %FileCheck %s --check-prefix=GONE
// GONE: alive: False
// ...unless told not to.
// RUN: %exit_status %reapcheck_run --no-kill -- %t alone %t.pid > %t.alone.out 2> %t.alone.err
// RUN: %FileCheck %s --check-prefix=STATUS-ALONE < %t.alone.out
// RUN: python3 -c "import os, signal, sys; p = int(open(sys.argv[1]).read()); print('alive:', os.path.exists('/proc/%%d' %% p)); os.kill(p, signal.SIGKILL)" %t.pid | %FileCheck %s --check-prefix=KEPT
// KEPT: alive: True
// RUN: %exit_status %reapcheck_run -- %t group > %t.group.out 2> %t.group.err
// RUN: %FileCheck %s --check-prefix=STATUS-GROUP < %t.group.out
// RUN: %FileCheck %s --check-prefix=GROUP --allow-empty < %t.group.err
// Without the subreaper the orphan goes to init: nothing to report.
// RUN: %exit_status %reapcheck_run --no-subreaper -- %t alone > %t.nosub.out 2> %t.nosub.err
// RUN: %FileCheck %s --check-prefix=STATUS-GROUP < %t.nosub.out
// RUN: %FileCheck %s --check-prefix=GROUP --allow-empty < %t.nosub.err
// STATUS-ALONE: exit: 66
// STATUS-GROUP: exit: 0
// GROUP-NOT: reapcheck-run
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static pid_t startHelper(int OwnGroup, int Ready, const char *PidFile) {
  pid_t Helper = fork();
  // ALONE: reapcheck-run: orphaned descendant {{[0-9]+}} (sleep, running) of child {{[0-9]+}} started by fork at [[FILE]]:[[#@LINE-1]] in startHelper
  // JSON-NEXT: ancestor fork [[FILE]]:[[#@LINE-2]] in startHelper
  if (Helper != 0)
    return Helper;
  if (OwnGroup)
    setpgid(0, 0);
  pid_t Server = fork();
  // ALONE-NEXT: reapcheck-run:   itself started by fork in process {{[0-9]+}} at [[FILE]]:[[#@LINE-1]] in startHelper
  // JSON-NEXT: own fork [[FILE]]:[[#@LINE-2]] in startHelper
  if (Server == 0) {
    execlp("sleep", "sleep", "10", (char *)NULL);
    _exit(127);
  }
  if (PidFile) {
    FILE *F = fopen(PidFile, "w");
    fprintf(F, "%d", (int)Server);
    fclose(F);
  }
  write(Ready, "x", 1);
  pause();
  _exit(0);
}

int main(int Argc, char **Argv) {
  int Group = Argc > 1 && strcmp(Argv[1], "group") == 0;
  int Pipe[2];
  pipe(Pipe);
  pid_t Helper = startHelper(Group, Pipe[1], Argc > 2 ? Argv[2] : NULL);
  char C;
  read(Pipe[0], &C, 1);
  // Both the helper and its server now exist.
  kill(Group ? -Helper : Helper, SIGKILL);
  waitpid(Helper, NULL, 0);
  return 0;
}
// ALONE: reapcheck-run: 0 unreaped children, 1 orphaned descendant (program exit status 0)
