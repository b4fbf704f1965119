//===--- ProcessModule.cpp - the `process` clang-tidy module
//---------------===//
//
// The only file that knows check names.  When built as a plugin it also
// refuses to load into a clang-tidy of another LLVM major: the C++ ABI of
// clang-tidy is not stable across majors, and a mismatched plugin lists its
// checks and then silently reports nothing.
//
//===----------------------------------------------------------------------===//

#include "support/Compat.h"
#include "OrphanedDescendantsCheck.h"
#include "ReaperConflictCheck.h"
#include "UnreapedChildCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang/Basic/Version.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>

namespace reapcheck {
namespace {

class ProcessModule : public clang::tidy::ClangTidyModule {
public:
  void
  addCheckFactories(clang::tidy::ClangTidyCheckFactories &Factories) override {
    Factories.registerCheck<UnreapedChildCheck>("process-unreaped-child");
    Factories.registerCheck<OrphanedDescendantsCheck>(
        "process-orphaned-descendants");
    Factories.registerCheck<ReaperConflictCheck>("process-reaper-conflict");
  }
};

/// Runs while the plugin is being loaded, before the module is registered.
struct VersionGuard {
  VersionGuard() {
    std::string Host = clang::getClangFullVersion();
    llvm::StringRef Built = REAPCHECK_LLVM_VERSION;
    llvm::StringRef Major = Built.split('.').first;
    // "Debian clang version 19.1.7 (...)": find the first "N." after
    // "version ".
    llvm::StringRef Rest = llvm::StringRef(Host).split("version ").second;
    llvm::StringRef HostVersion = Rest.split(' ').first;
    if (HostVersion.split('.').first == Major)
      return;
    llvm::errs() << "error: reapcheck plugin built for clang-tidy " << Built
                 << " cannot run inside clang-tidy "
                 << (HostVersion.empty() ? llvm::StringRef(Host) : HostVersion)
                 << "; use clang-tidy-" << Major
                 << ", or rebuild reapcheck with -DREAPCHECK_LLVM_MAJOR="
                 << HostVersion.split('.').first << "\n";
    llvm::errs().flush();
    std::_Exit(3);
  }
};

VersionGuard Guard;

} // namespace

REAPCHECK_REGISTER_MODULE(ProcessModule, "process-module",
                          "Checks that started child processes are reaped.");

} // namespace reapcheck
