//===--- FactsIndex.h - What one unit tells the other files ------*- C++ -*-===//
//
// Index mode (REAPCHECK_INDEX=FILE, set by `tools/reapcheck -p`): after the
// unit is judged, what its functions, holders and SIGCHLD handlers tell the
// other files of the program is written to FILE by a FactsRecorder
// (facts/ProjectFacts.h, the format); the driver merges the units' files
// into the facts file (docs/facts.md).
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_FACTSINDEX_H
#define REAPCHECK_FACTSINDEX_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace clang {
class ASTContext;
class ValueDecl;
} // namespace clang

namespace reapcheck {

class TranslationUnitScan;

/// Writes \p Unit's part of the facts to \p Path; \p Holders are the
/// members and statics its starts were stored into.
void writeUnitFacts(TranslationUnitScan &Unit,
                    llvm::ArrayRef<const clang::ValueDecl *> Holders,
                    llvm::StringRef Path);

} // namespace reapcheck

#endif
