// Real bug: linux-on-mac/mbpfan, src/main.c, check_requirements() read
// `lsmod | grep ...` through popen() twice and never pclose()d either stream:
// "two defunct sub processes hanging around" for the daemon's lifetime.
//   fix:    2636e193c8570e32b8f265ec24e824c35fae82b6 (PR #37)
//   parent: 460e0ab7c7e74e79084d2ae41fc3568b74a55d01
// The first stream is lost when the variable is reused for the second popen.
// Reproduction written for this test (same shape, not the project's code).
// RUN: %check_tidy %s %t -- %tidy -- -std=gnu11
#include <stdio.h>
#include <stdlib.h>

void check_modules_before(void) {
  char buf[16];
  FILE *lsmod = popen("lsmod | grep coretemp", "r");
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: child process 'lsmod' started by 'popen' is never reaped [process-unreaped-child]
  if (!(fread(buf, 1, sizeof(buf), lsmod) > 0)) {
    if (getenv("NO_CORETEMP"))
      exit(0);
  }

  lsmod = popen("lsmod | grep applesmc", "r");
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: child process 'lsmod' started by 'popen' is never reaped [process-unreaped-child]
  if (!(fread(buf, 1, sizeof(buf), lsmod) > 0)) {
    if (getenv("NO_APPLESMC"))
      exit(0);
  }
}

void check_modules_after(void) {
  char buf[16];
  FILE *lsmod = popen("lsmod | grep coretemp", "r"); // no-warning: pclose() below
  if (!(fread(buf, 1, sizeof(buf), lsmod) > 0)) {
    if (getenv("NO_CORETEMP"))
      exit(0);
  }
  pclose(lsmod);

  lsmod = popen("lsmod | grep applesmc", "r"); // no-warning: pclose() below
  if (!(fread(buf, 1, sizeof(buf), lsmod) > 0)) {
    if (getenv("NO_APPLESMC"))
      exit(0);
  }
  pclose(lsmod);
}
