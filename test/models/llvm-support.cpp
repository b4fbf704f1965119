// LLVM Support (real llvm/Support/Program.h of the major under test):
// ExecuteNoWait starts a child; Wait(PI, std::nullopt) reaps it, Wait(PI, 0)
// only polls; ExecuteAndWait waits by itself.  The discarded viewer is the
// shape of llvm/lib/Support/GraphWriter.cpp.
// RUN: %check_tidy %s %t -- %tidy -- -std=c++17 -I%llvm_include
#include "llvm/Support/Program.h"
#include <string>

using namespace llvm;

void discarded_viewer(StringRef Viewer, ArrayRef<StringRef> Args) {
  std::string Err;
  sys::ExecuteNoWait(Viewer, Args, {}, {}, 0, &Err);
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: child process started by 'llvm::sys::ExecuteNoWait' is discarded and can never be reaped [process-unreaped-child]
}

#if LLVM_VERSION_MAJOR >= 16
#define POLL(PI) sys::Wait(PI, /*SecondsToWait=*/0)
#define BLOCK(PI) sys::Wait(PI, /*SecondsToWait=*/{})
#else
#define POLL(PI) sys::Wait(PI, /*SecondsToWait=*/0, /*WaitUntilTerminates=*/false)
#define BLOCK(PI) sys::Wait(PI, /*SecondsToWait=*/0, /*WaitUntilTerminates=*/true)
#endif

bool polled_once(StringRef Prog, ArrayRef<StringRef> Args) {
  std::string Err;
  sys::ProcessInfo PI = sys::ExecuteNoWait(Prog, Args, {}, {}, 0, &Err);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: child process 'PI' started by 'llvm::sys::ExecuteNoWait' is never reaped [process-unreaped-child]
  sys::ProcessInfo R = POLL(PI);
  return R.ReturnCode == 0;
}

bool waited(StringRef Prog, ArrayRef<StringRef> Args) {
  std::string Err;
  bool Failed = false;
  sys::ProcessInfo PI = sys::ExecuteNoWait(Prog, Args, {}, {}, 0, &Err, &Failed); // no-warning: waited, or not started
  if (Failed)
    return false;
  sys::ProcessInfo R = BLOCK(PI);
  return R.ReturnCode == 0;
}

int synchronous(StringRef Prog, ArrayRef<StringRef> Args) {
  return sys::ExecuteAndWait(Prog, Args); // no-warning: it waits by itself
}
