// The GoogleTest listener fails the test after which an unreaped child
// exists, at the line that started it when run under reapcheck-run, and
// leaves the clean tests alone.
// REQUIRES: gtest
// RUN: %cxx -g -O0 -I%runtime_include -o %t %s -L%runtime_libdir -lreapcheck-runtime -Wl,-rpath,%runtime_libdir -lgtest -pthread
// RUN: %exit_status %reapcheck_run -- %t > %t.out 2> %t.err
// RUN: %FileCheck %s -DFILE=%s --check-prefixes=CHECK,TOOL < %t.out
// RUN: %FileCheck %s -DFILE=%s --check-prefix=REPORT < %t.err
// RUN: %exit_status %t | %FileCheck %s --check-prefixes=CHECK,BARE
#include <reapcheck/gtest_listener.h>

#include <sys/wait.h>
#include <unistd.h>

// CHECK: [ RUN      ] Children.ReapsWhatItStarts
// CHECK-NEXT: [       OK ] Children.ReapsWhatItStarts
TEST(Children, ReapsWhatItStarts) {
  pid_t Pid = fork();
  if (Pid == 0)
    _exit(0);
  ASSERT_EQ(waitpid(Pid, nullptr, 0), Pid);
}

// CHECK: [ RUN      ] Children.ForgetsOne
TEST(Children, ForgetsOne) {
  pid_t Pid = fork();
  // TOOL-NEXT: [[FILE]]:[[#@LINE-1]]: Failure
  // TOOL-NEXT: Failed
  // TOOL-NEXT: child process {{[0-9]+}} ({{zombie|running}}) was started during this test and not reaped: started by fork at [[FILE]]:[[#@LINE-3]] in Children_ForgetsOne_Test::TestBody()
  // BARE-NEXT: {{.*}}gtest_listener.h:{{[0-9]+}}: Failure
  // BARE-NEXT: Failed
  // BARE-NEXT: child process {{[0-9]+}} ({{zombie|running}}) was started during this test and not reaped (run the test under reapcheck-run to see where it was started)
  if (Pid == 0)
    _exit(0);
  EXPECT_GT(Pid, 0);
}
// CHECK: [  FAILED  ] Children.ForgetsOne

// CHECK: [ RUN      ] Children.LaterTestIsNotBlamed
// CHECK-NEXT: [       OK ] Children.LaterTestIsNotBlamed
TEST(Children, LaterTestIsNotBlamed) { SUCCEED(); }

// CHECK: 1 FAILED TEST
// CHECK: exit: 1

// The program exits with the child still unreaped: reapcheck-run says so too.
// REPORT: reapcheck-run: unreaped child {{[0-9]+}} (zombie) started by fork at [[FILE]]:[[#@LINE-21]] in Children_ForgetsOne_Test::TestBody()

int main(int Argc, char **Argv) {
  ::testing::InitGoogleTest(&Argc, Argv);
  reapcheck::installUnreapedChildListener();
  return RUN_ALL_TESTS();
}
