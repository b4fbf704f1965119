//===--- ReadFiles.h - The files an index run read --------------*- C++ -*-===//
//
// An index run lists the files its unit read for the driver, which stamps
// them to know when the unit's facts go stale (REAPCHECK_DEPS names the
// list: one name a line, as the preprocessor opened each file, relative ones
// from the compile command's directory).  Clang's -H lists the same files,
// but writes each line to stderr on its own: a few hundred writes a unit.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_READFILES_H
#define REAPCHECK_READFILES_H

#include "clang/Lex/Preprocessor.h"

namespace reapcheck {

/// Adds to \p PP a callback that writes every file the unit enters, but
/// the main file, to \p Path when the main file ends.
void listReadFiles(clang::Preprocessor &PP, llvm::StringRef Path);

} // namespace reapcheck

#endif
