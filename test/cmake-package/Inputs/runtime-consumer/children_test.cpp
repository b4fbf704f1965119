// One test that reaps what it starts, one that forgets a child.
#include <reapcheck/gtest_listener.h>

#include <sys/wait.h>
#include <unistd.h>

TEST(Children, ReapsWhatItStarts) {
  pid_t Pid = fork();
  if (Pid == 0)
    _exit(0);
  ASSERT_EQ(waitpid(Pid, nullptr, 0), Pid);
}

TEST(Children, ForgetsOne) {
  pid_t Pid = fork();
  if (Pid == 0)
    _exit(0);
}

int main(int argc, char **argv) {
  ::testing::InitGoogleTest(&argc, argv);
  reapcheck::installUnreapedChildListener();
  return RUN_ALL_TESTS();
}
