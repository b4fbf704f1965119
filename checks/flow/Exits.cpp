//===--- Exits.cpp - Where a path leaves the function ---------------------===//

#include "flow/Exits.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/CFG.h"

using namespace clang;

namespace reapcheck {

std::optional<ExitPoint> exitPointOf(const CFGBlock &From, const Stmt *Body) {
  if (From.hasNoReturnElement())
    return std::nullopt;
  // A try's dispatch block reaches the exit for exceptions no handler
  // matches; the CFG cannot tell which, so a throw inside a try with handlers
  // is taken to be caught.
  if (isa_and_nonnull<CXXTryStmt>(From.getTerminatorStmt()))
    return std::nullopt;
  ExitPoint Exit;
  for (const auto *It = From.rbegin(); It != From.rend(); ++It) {
    auto CS = It->getAs<CFGStmt>();
    if (!CS)
      continue;
    if (const auto *Ret = dyn_cast<ReturnStmt>(CS->getStmt())) {
      Exit.Loc = Ret->getBeginLoc();
    } else if (const auto *Throw = dyn_cast<CXXThrowExpr>(CS->getStmt())) {
      Exit.Kind = ExitKind::Throw;
      Exit.Loc = Throw->getBeginLoc();
    }
    break;
  }
  if (Exit.Loc.isInvalid()) {
    if (const auto *Compound = dyn_cast<CompoundStmt>(Body))
      Exit.Loc = Compound->getRBracLoc();
    else
      Exit.Loc = Body->getEndLoc();
  }
  return Exit;
}

} // namespace reapcheck
