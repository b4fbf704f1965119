// --json FILE: the same findings for machines.
// RUN: %cc -g -O0 -o %t %s
// RUN: %exit_status %reapcheck_run --json %t.json -- %t 2> /dev/null | %FileCheck %s --check-prefix=STATUS
// RUN: python3 -m json.tool --sort-keys %t.json | %FileCheck %s -DFILE=%s -DEXE=%t
// STATUS: exit: 66
#include <unistd.h>

static void startWorker(void) {
  if (fork() == 0) {
    // CHECK:      "exit_status": 0,
    // CHECK-NEXT: "orphaned": [],
    // CHECK-NEXT: "program": "[[EXE]]",
    // CHECK-NEXT: "sigchld_autoreap_seen": false,
    // CHECK-NEXT: "signal": null,
    // CHECK-NEXT: "subreaper": true,
    // CHECK-NEXT: "unreaped": [
    // CHECK-NEXT:   {
    // CHECK-NEXT:     "command": "json.c.tmp",
    // CHECK-NEXT:     "pid": {{[0-9]+}},
    // CHECK-NEXT:     "start": {
    // CHECK-NEXT:       "api": "fork",
    // CHECK-NEXT:       "parent": {{[0-9]+}},
    // CHECK-NEXT:       "pid": {{[0-9]+}},
    // CHECK-NEXT:       "site": "[[FILE]]:[[#@LINE-15]] in startWorker",
    // CHECK-NEXT:       "stack": [
    // CHECK-NEXT:         {
    // CHECK-NEXT:           "file": "[[FILE]]",
    // CHECK-NEXT:           "function": "startWorker",
    // CHECK-NEXT:           "line": [[#@LINE-20]],
    // CHECK-NEXT:           "module": "[[EXE]]",
    // CHECK-NEXT:           "offset": "0x{{[0-9a-f]+}}"
    // CHECK-NEXT:         },
    // CHECK-NEXT:         {
    // CHECK-NEXT:           "file": "[[FILE]]",
    // CHECK-NEXT:           "function": "main",
    // CHECK-NEXT:           "line": [[#@LINE+12]],
    pause();
    _exit(0);
  }
}
// CHECK:            "thread": {{[0-9]+}}
// CHECK-NEXT:     },
// CHECK-NEXT:     "state": "running"
// CHECK-NEXT:   }
// CHECK-NEXT: ]

int main(void) {
  startWorker();
  usleep(100 * 1000);
  return 0;
}
