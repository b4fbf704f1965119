// The stream lives in a member: popen() in the constructor, fclose() in the
// destructor.  A field (or global) that only ever holds popen() streams (and
// the standard streams) makes fclose() on it the same error as on a local.
//
// Real bug: Dushistov/sdcv, src/libwrapper.cpp, class sdcv_pager piped the
// output into $SDCV_PAGER with popen() and closed it with fclose(): on
// FreeBSD the pager was not waited for (and killed when sdcv exited).
//   fix:    84367a5744d5d823d2706803dcb3771eb3e4ad8e ("Fix using SDCV_PAGER",
//           PR #14)
//   parent: 7df514e11776e571ba51af7ef7a1179dd4d73eab
// Reproduction written for this test (same shape, not the project's code).
// RUN: %check_tidy %s %t -- %tidy -- -std=c++17
#include <cstdio>
#include <cstdlib>

class Pager {
public:
  Pager() : out(stdout) {
    const char *cmd = std::getenv("PAGER");
    if (cmd && (out = popen(cmd, "w")) == nullptr)
      out = stdout;
  }
  Pager(const Pager &) = delete;
  Pager &operator=(const Pager &) = delete;
  ~Pager() {
    if (out != stdout)
      fclose(out);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: stream 'out' from popen() is closed with fclose(); POSIX requires pclose(), and on musl and the BSDs the child stays a zombie [process-unreaped-child]
  }
  FILE *stream() { return out; }

private:
  FILE *out;
};

class FixedPager {
public:
  FixedPager() : out(stdout) {
    const char *cmd = std::getenv("PAGER");
    if (cmd && (out = popen(cmd, "w")) == nullptr) // no-warning: stored in a member
      out = stdout;
  }
  FixedPager(const FixedPager &) = delete;
  FixedPager &operator=(const FixedPager &) = delete;
  ~FixedPager() {
    if (out != stdout)
      pclose(out); // no-warning: the fix
  }
  FILE *stream() { return out; }

private:
  FILE *out;
};
