//===--- ConfigProblems.h - Configuration clang-tidy lets pass -*- C++ -*-===//
//
// What is wrong with the configuration a unit was given that clang-tidy does
// not say on every route (docs/process/unreaped-child.rst, Options): an
// option name of this check that it does not have (only --verify-config
// names those), and a .clang-tidy that names this check's options but that
// clang-tidy could not parse and so dropped (a CMake build and clangd say
// nothing then).
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_CONFIGPROBLEMS_H
#define REAPCHECK_CONFIGPROBLEMS_H

#include "clang-tidy/ClangTidyOptions.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace reapcheck {

/// One message per option of \p Given (the options the unit received)
/// that is named like one of \p Known ("<check name>.<option>") but is not
/// one of them, with the nearest known name when there is one.
std::vector<std::string>
unknownOptions(const clang::tidy::ClangTidyOptions::OptionMap &Given,
               const clang::tidy::ClangTidyOptions::OptionMap &Known);

/// One message per .clang-tidy in \p MainFile's folder or one above it
/// that names options of \p CheckName but cannot be parsed.
std::vector<std::string> droppedConfigFiles(llvm::StringRef MainFile,
                                            llvm::StringRef CheckName);

} // namespace reapcheck

#endif
