//===--- Compat.h - Differences between the supported LLVM majors ---------===//
//
// Every #if on the LLVM version lives here (14, 15, 16, 19, 22).
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_COMPAT_H
#define REAPCHECK_COMPAT_H

// LLVM 22 moved the registry into ClangTidyModule.h and deprecated the old
// header (removed in 24).
#if REAPCHECK_LLVM_MAJOR >= 22
#include "clang-tidy/ClangTidyModule.h"
#else
#include "clang-tidy/ClangTidyModuleRegistry.h"
#endif

#include "clang/AST/DeclCXX.h"

namespace reapcheck {
/// LLVM 18 renamed CXXMethodDecl::isPure() to isPureVirtual().
inline bool isPureVirtual(const clang::CXXMethodDecl &M) {
#if REAPCHECK_LLVM_MAJOR >= 18
  return M.isPureVirtual();
#else
  return M.isPure();
#endif
}
} // namespace reapcheck

// Registers a clang-tidy module under a name.  The registry's Add<> template
// is the one API every supported major has.
#define REAPCHECK_REGISTER_MODULE(Module, Name, Description)                   \
  static clang::tidy::ClangTidyModuleRegistry::Add<Module> ModuleRegistration( \
      Name, Description)

#endif
