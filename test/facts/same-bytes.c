// One unit's facts are the same bytes on every run: the holders (judged in
// a map keyed by declaration) are written in USR order, so a cache keyed on
// the facts (the driver's, ctcache's, Bazel's) is not missed because of the
// order a hash table happened to give.  So are the functions (the unit's
// wrappers were added from a map keyed by declaration): all are written in
// USR order.  Twenty-four holders and eight wrappers, indexed four times;
// each run's file is compared with the first.
// RUN: rm -f %t.1 %t.2 %t.3 %t.4
// RUN: env REAPCHECK_INDEX=%t.1 %tidy %s -- -std=gnu11
// RUN: env REAPCHECK_INDEX=%t.2 %tidy %s -- -std=gnu11
// RUN: env REAPCHECK_INDEX=%t.3 %tidy %s -- -std=gnu11
// RUN: env REAPCHECK_INDEX=%t.4 %tidy %s -- -std=gnu11
// RUN: cmp %t.1 %t.2
// RUN: cmp %t.1 %t.3
// RUN: cmp %t.1 %t.4
// The functions and the holders are there, in order.
// RUN: %FileCheck %s --input-file=%t.1
// CHECK: "functions":[{{.*}}"usr":"c:@F@spawn_1"
// CHECK-SAME: "usr":"c:@F@spawn_2"
// CHECK-SAME: "usr":"c:@F@spawn_3"
// CHECK-SAME: "usr":"c:@F@spawn_4"
// CHECK-SAME: "usr":"c:@F@spawn_5"
// CHECK-SAME: "usr":"c:@F@spawn_6"
// CHECK-SAME: "usr":"c:@F@spawn_7"
// CHECK-SAME: "usr":"c:@F@spawn_8"
// CHECK-SAME: "usr":"c:@F@start_all"
// CHECK-SAME: "holders":[{"duty":"neglected","usr":"c:@h01"},{"duty":"neglected","usr":"c:@h02"},{"duty":"neglected","usr":"c:@h03"},
#include <sys/types.h>
#include <unistd.h>

pid_t h01, h02, h03, h04, h05, h06, h07, h08, h09, h10, h11, h12;
pid_t h13, h14, h15, h16, h17, h18, h19, h20, h21, h22, h23, h24;

// Wrappers: each returns its child to its caller.
pid_t spawn_8(void) { return fork(); }
pid_t spawn_7(void) { return fork(); }
pid_t spawn_6(void) { return fork(); }
pid_t spawn_5(void) { return fork(); }
pid_t spawn_4(void) { return fork(); }
pid_t spawn_3(void) { return fork(); }
pid_t spawn_2(void) { return fork(); }
pid_t spawn_1(void) { return fork(); }

void start_all(void) {
  h24 = fork(); h23 = fork(); h22 = fork(); h21 = fork(); h20 = fork();
  h19 = fork(); h18 = fork(); h17 = fork(); h16 = fork(); h15 = fork();
  h14 = fork(); h13 = fork(); h12 = fork(); h11 = fork(); h10 = fork();
  h09 = fork(); h08 = fork(); h07 = fork(); h06 = fork(); h05 = fork();
  h04 = fork(); h03 = fork(); h02 = fork(); h01 = fork();
}
