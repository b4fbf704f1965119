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

#include "clang/Basic/SourceManager.h"

namespace reapcheck {

/// Writes to \p Path every file \p SM entered for the unit (each #include
/// the preprocessor followed), but the main file.  False when it cannot.
bool writeReadFiles(const clang::SourceManager &SM, llvm::StringRef Path);

} // namespace reapcheck

#endif
