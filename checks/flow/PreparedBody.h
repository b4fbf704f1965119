//===--- PreparedBody.h - One body, ready for the flow -----------*- C++
//-*-===//
//
// What every question about one body starts from: its CFG, its parent map,
// its start sites and their holders, the stable conditions it tests
// more than once, and the locals that may guard a child (GuardLocals).  Built
// once; the flow and the wrapper detection both read it.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_PREPAREDBODY_H
#define REAPCHECK_PREPAREDBODY_H

#include "flow/Guards.h"
#include "flow/Holders.h"
#include "flow/StableConditions.h"
#include "flow/StartSites.h"
#include "clang/Analysis/CFG.h"
#include <memory>
#include <optional>

namespace reapcheck {

class SummaryProvider;

/// The CFG of \p Body, built the one way every analysis of the check uses:
/// initialisers (`: child_(fork())`), implicit and temporary destructors,
/// every statement an element.  Null when clang cannot build one.
std::unique_ptr<clang::CFG> buildBodyCFG(const clang::Decl *Callable,
                                         clang::Stmt *Body,
                                         clang::ASTContext &Ctx);

class PreparedBody {
public:
  /// Null when no CFG can be built.  Each parameter of \p Params is
  /// tracked as a child live on entry (the last sites, in that order).
  static std::unique_ptr<PreparedBody>
  build(const clang::Decl *Callable, clang::Stmt *Body, clang::ASTContext &Ctx,
        const ProcessApiModel &Model, const SummaryProvider &Summaries,
        llvm::ArrayRef<const clang::ParmVarDecl *> Params = {});

  const BodyContext &body() const { return Context; }
  const clang::CFG &cfg() const { return *Graph; }
  llvm::ArrayRef<Site> sites() const { return Sites; }
  const HolderIndex &holders() const { return Holders; }
  /// Conditions tested twice whose outcome cannot change (empty when the
  /// body starts nothing).
  const StableConditions &stable() const { return Stable; }
  /// Locals tested against 0 that may say a child was started (empty when
  /// the body starts nothing).
  const GuardLocals &guards() const { return Guards; }
  /// The site started by \p E, if \p E is a start.
  std::optional<SiteId> siteOfStart(const clang::Expr *E) const;

private:
  PreparedBody(const clang::Decl *Callable, clang::Stmt *Body,
               clang::ASTContext &Ctx)
      : Context(Callable, Body, Ctx) {}

  BodyContext Context;
  std::unique_ptr<clang::CFG> Graph;
  std::vector<Site> Sites;
  HolderIndex Holders;
  StableConditions Stable;
  GuardLocals Guards;
  llvm::DenseMap<const clang::Expr *, SiteId> StartIndex;
};

} // namespace reapcheck

#endif
