//===--- SummaryInstalls.cpp - Which calls install a SIGCHLD taker -------===//
//
// The summaries' answer to SummaryProvider::installsTaker(): the installs
// TranslationUnitScan found, the unit's functions that make one (and their
// callers, through private tables too), and, with project facts, other
// files' functions (`taker_installers`, `reaper_installers`).
//
//===----------------------------------------------------------------------===//

#include "facts/ProjectFacts.h"
#include "support/AstHelpers.h"
#include "unit/CallUses.h"
#include "unit/Summaries.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace reapcheck {

unsigned TranslationUnitSummaries::installsTaker(const CallExpr &Call,
                                                 ASTContext &Ctx) {
  unsigned Kind =
      TakerCalls.lookup(&Call) | installsTaker(Call.getDirectCallee(), Ctx);
  // A call through a private table may run any function the table names
  // (main's `init_steps[i]()`): an install if one of them installs.
  for (const FunctionDecl *Target : tableTargets(Call, Ctx))
    Kind |= installsTaker(Target, Ctx);
  return Kind;
}

bool TranslationUnitSummaries::reachedByCallsOnly(const FunctionDecl *FD,
                                                  ASTContext &Ctx) {
  if (!Uses)
    Uses = collectCallUses(Ctx);
  // Up the unit's direct calls, to main or to a function of external
  // linkage that the unit does not call (another file's caller).
  llvm::SmallPtrSet<const FunctionDecl *, 8> Seen;
  llvm::SmallVector<const FunctionDecl *, 8> Work{FD->getCanonicalDecl()};
  while (!Work.empty()) {
    const FunctionDecl *F = Work.pop_back_val();
    if (!Seen.insert(F).second || F->isMain())
      continue;
    if (Uses->Escaped.contains(F))
      return false;
    bool Called = false;
    for (const auto &[Call, Caller] : Uses->Calls) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      if (Caller && Callee && Callee->getCanonicalDecl() == F) {
        Work.push_back(Caller->getCanonicalDecl());
        Called = true;
      }
    }
    if (!Called && !F->isExternallyVisible())
      return false;
  }
  return true;
}

std::vector<const FunctionDecl *>
TranslationUnitSummaries::tableTargets(const CallExpr &Call, ASTContext &Ctx) {
  if (Call.getDirectCallee() || !callsThroughTable(Call))
    return {};
  if (!Uses)
    Uses = collectCallUses(Ctx);
  return Uses->TableTargets.lookup(&Call);
}

unsigned TranslationUnitSummaries::installsTaker(const FunctionDecl *FD,
                                                 ASTContext &Ctx) {
  if (!FD || TakerInstallers.empty())
    return 0;
  if (!TakersClosed) {
    // Up the unit's calls: a caller of an installer installs too.
    TakersClosed = true;
    if (!Uses)
      Uses = collectCallUses(Ctx);
    auto KindOf = [&](const CallExpr &Call) {
      unsigned Kind = 0;
      if (const FunctionDecl *Callee = Call.getDirectCallee())
        return TakerInstallers.lookup(Callee->getCanonicalDecl());
      for (const FunctionDecl *Target : Uses->TableTargets.lookup(&Call))
        Kind |= TakerInstallers.lookup(Target->getCanonicalDecl());
      return Kind;
    };
    for (bool Grew = true; Grew;) {
      Grew = false;
      for (const auto &[Call, Caller] : Uses->Calls) {
        unsigned Kind = KindOf(*Call);
        if (!Caller || !Kind)
          continue;
        unsigned &Mask = TakerInstallers[Caller->getCanonicalDecl()];
        Grew = Grew || (Mask | Kind) != Mask;
        Mask |= Kind;
      }
    }
  }
  return TakerInstallers.lookup(FD->getCanonicalDecl());
}

unsigned ProjectSummaries::installsTaker(const CallExpr &Call,
                                         ASTContext &Ctx) {
  unsigned Kind = TranslationUnitSummaries::installsTaker(Call, Ctx);
  if (!Facts)
    return Kind;
  std::vector<const FunctionDecl *> Callees = tableTargets(Call, Ctx);
  if (const FunctionDecl *FD = Call.getDirectCallee())
    Callees.push_back(FD);
  for (const FunctionDecl *FD : Callees)
    if (!FD->hasBody())
      Kind |= Facts->installsTaker(usrOf(FD));
  return Kind;
}

} // namespace reapcheck
