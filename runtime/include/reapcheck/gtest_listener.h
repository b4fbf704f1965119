// GoogleTest event listener that fails each test after which a child
// process of the test program exists that did not exist before the test
// started: a child the test started and did not reap (zombie or running).
// Under reapcheck-run the failure is placed at, and names, the line that
// started the child.  Header-only; link -lreapcheck-runtime.
//
//   int main(int argc, char **argv) {
//     ::testing::InitGoogleTest(&argc, argv);
//     reapcheck::installUnreapedChildListener();
//     return RUN_ALL_TESTS();
//   }
//
// The check never reaps: a leaked child stays the program's to deal with.
#ifndef REAPCHECK_GTEST_LISTENER_H
#define REAPCHECK_GTEST_LISTENER_H

#include <gtest/gtest.h>
#include <reapcheck/runtime.h>

#include <cstdlib>
#include <set>
#include <string>
#include <vector>

namespace reapcheck {

class UnreapedChildListener : public ::testing::EmptyTestEventListener {
public:
  void OnTestStart(const ::testing::TestInfo &) override {
    Before.clear();
    for (const reapcheck_child &C : children())
      Before.insert(C.pid);
  }

  void OnTestEnd(const ::testing::TestInfo &) override {
    for (const reapcheck_child &C : children()) {
      if (Before.count(C.pid))
        continue;
      std::string Message = "child process " + std::to_string(C.pid) + " (" +
                            stateName(C.state) +
                            ") was started during this test and not reaped";
      std::string File;
      int Line = 0;
      if (C.site[0]) {
        Message += std::string(": started by ") + C.api + " at " + C.site;
        splitSite(C.site, File, Line);
      } else {
        Message += " (run the test under reapcheck-run to see where it was "
                   "started)";
      }
      if (Line > 0)
        ADD_FAILURE_AT(File.c_str(), Line) << Message;
      else
        ADD_FAILURE() << Message;
    }
  }

private:
  static std::vector<reapcheck_child> children() {
    std::vector<reapcheck_child> Kids(16);
    for (;;) {
      int N = reapcheck_unreaped_children(Kids.data(),
                                          static_cast<int>(Kids.size()));
      if (N < 0)
        return {};
      if (static_cast<size_t>(N) <= Kids.size()) {
        Kids.resize(static_cast<size_t>(N));
        return Kids;
      }
      Kids.resize(static_cast<size_t>(N) + 16);
    }
  }

  static const char *stateName(char State) {
    return State == 'Z' ? "zombie" : (State == 'T' || State == 't') ? "stopped"
                                                                   : "running";
  }

  // "FILE:LINE in FUNCTION" -> FILE, LINE.
  static void splitSite(const std::string &Site, std::string &File,
                        int &Line) {
    size_t In = Site.find(" in ", Site.rfind('/') == std::string::npos
                                      ? 0
                                      : Site.rfind('/'));
    std::string Where = Site.substr(0, In);
    size_t Colon = Where.rfind(':');
    if (Colon == std::string::npos)
      return;
    File = Where.substr(0, Colon);
    Line = std::atoi(Where.c_str() + Colon + 1);
  }

  std::set<pid_t> Before;
};

// Appends the listener to GoogleTest's list (which then owns it).
inline void installUnreapedChildListener() {
  ::testing::UnitTest::GetInstance()->listeners().Append(
      new UnreapedChildListener);
}

} // namespace reapcheck

#endif
