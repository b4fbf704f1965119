//===--- Compat.h - Differences between the supported LLVM majors ---------===//
//
// Every #if on the LLVM version lives here (14, 15, 16, 19, 22).
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_COMPAT_H
#define REAPCHECK_COMPAT_H

#include "clang-tidy/ClangTidyModuleRegistry.h"

// Registers a clang-tidy module under a name.  The registry's Add<> template
// is the one API every supported major has.
#define REAPCHECK_REGISTER_MODULE(Module, Name, Description)                   \
  static clang::tidy::ClangTidyModuleRegistry::Add<Module> ModuleRegistration( \
      Name, Description)

#endif
