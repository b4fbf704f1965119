// One unit's facts are the same bytes on every run: the holders (judged in
// a map keyed by declaration) are written in USR order, so a cache keyed on
// the facts (the driver's, ctcache's, Bazel's) is not missed because of the
// order a hash table happened to give.  Twenty-four holders, indexed four
// times; each run's file is compared with the first.
// RUN: rm -f %t.1 %t.2 %t.3 %t.4
// RUN: env REAPCHECK_INDEX=%t.1 %tidy %s -- -std=gnu11
// RUN: env REAPCHECK_INDEX=%t.2 %tidy %s -- -std=gnu11
// RUN: env REAPCHECK_INDEX=%t.3 %tidy %s -- -std=gnu11
// RUN: env REAPCHECK_INDEX=%t.4 %tidy %s -- -std=gnu11
// RUN: cmp %t.1 %t.2
// RUN: cmp %t.1 %t.3
// RUN: cmp %t.1 %t.4
// The holders are there, in order.
// RUN: %FileCheck %s --input-file=%t.1
// CHECK: "holders":[{"duty":"neglected","usr":"c:@h01"},{"duty":"neglected","usr":"c:@h02"},{"duty":"neglected","usr":"c:@h03"},
#include <sys/types.h>
#include <unistd.h>

pid_t h01, h02, h03, h04, h05, h06, h07, h08, h09, h10, h11, h12;
pid_t h13, h14, h15, h16, h17, h18, h19, h20, h21, h22, h23, h24;

void start_all(void) {
  h24 = fork(); h23 = fork(); h22 = fork(); h21 = fork(); h20 = fork();
  h19 = fork(); h18 = fork(); h17 = fork(); h16 = fork(); h15 = fork();
  h14 = fork(); h13 = fork(); h12 = fork(); h11 = fork(); h10 = fork();
  h09 = fork(); h08 = fork(); h07 = fork(); h06 = fork(); h05 = fork();
  h04 = fork(); h03 = fork(); h02 = fork(); h01 = fork();
}
