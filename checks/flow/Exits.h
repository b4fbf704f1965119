//===--- Exits.h - Where a path leaves the function --------------*- C++
//-*-===//
//
// For an edge into the CFG's exit block: is it a real exit of the function
// (a return, falling off the end, an explicit throw leaving it), and where
// does a note about it go?  Paths ending in a noreturn call and a try's
// dispatch block (exceptions taken to be caught) are not exits.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_EXITS_H
#define REAPCHECK_EXITS_H

#include "flow/ReapAnalysis.h"
#include <optional>

namespace clang {
class CFGBlock;
class Stmt;
} // namespace clang

namespace reapcheck {

struct ExitPoint {
  ExitKind Kind = ExitKind::Return;
  clang::SourceLocation Loc;
};

std::optional<ExitPoint> exitPointOf(const clang::CFGBlock &From,
                                     const clang::Stmt *Body);

} // namespace reapcheck

#endif
