//===--- ChildSide.cpp - Code that runs only in a started child -----------===//

#include "flow/ChildSide.h"
#include "flow/BranchConditions.h"
#include "flow/Solver.h"
#include "support/AstHelpers.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Analysis/CFG.h"

using namespace clang;

namespace reapcheck {

llvm::BitVector sitesWithoutParentChild(const PreparedBody &Body,
                                        const CFGBlock &From,
                                        unsigned SuccIndex,
                                        const CFGBlock &To) {
  llvm::BitVector Without(Body.sites().size());
  const Stmt *Term = From.getTerminatorStmt();
  if (!Term)
    return Without;
  ASTContext &Ctx = Body.body().astContext();
  const auto *Switch = dyn_cast<SwitchStmt>(Term);
  const auto *Case =
      Switch ? dyn_cast_or_null<CaseStmt>(To.getLabel()) : nullptr;
  auto Low = Case ? constantOf(Case->getLHS(), Ctx) : std::nullopt;
  const Expr *Cond = !Switch && From.succ_size() == 2 && SuccIndex <= 1
                         ? decidingCondition(From)
                         : nullptr;
  for (SiteId I = 0; I < Body.sites().size(); ++I) {
    const Site &S = Body.sites()[I];
    bool Keeps = true;
    if (Low && Switch->getCond())
      Keeps = caseMayKeep(S, Switch->getCond(), *Low, *Low);
    else if (Cond)
      Keeps = edgeMayKeep(S, Cond, SuccIndex == 0, Ctx);
    Without[I] = !Keeps;
  }
  return Without;
}

namespace {
/// True on a path that has taken a child-side edge.
class ChildSidePass : public SolverHooks<bool> {
public:
  using State = bool;
  static constexpr Direction Dir = Direction::Forward;

  explicit ChildSidePass(const PreparedBody &Body) : Body(Body) {}

  std::optional<State> seed(const CFGBlock &B) const {
    if (&B != &Body.cfg().getEntry())
      return std::nullopt;
    return false;
  }
  bool transferBlock(const CFGBlock &, State &) const { return true; }
  bool transferEdge(const CFGBlock &From, unsigned SuccIndex,
                    const CFGBlock &To, State &S) const {
    if (!S && !Body.sites().empty())
      S = sitesWithoutParentChild(Body, From, SuccIndex, To).any();
    return true;
  }
  bool join(State &Into, const State &From) const {
    bool Old = Into;
    Into = Into && From;
    return Into != Old;
  }

private:
  const PreparedBody &Body;
};
} // namespace

llvm::SmallPtrSet<const CallExpr *, 8>
childSideCalls(const PreparedBody &Body) {
  llvm::SmallPtrSet<const CallExpr *, 8> Calls;
  if (Body.sites().empty())
    return Calls;
  ChildSidePass Pass(Body);
  MetStates<bool> Met = solve(Body.cfg(), Pass);
  for (const CFGBlock *B : Body.cfg())
    if (Met[B->getBlockID()] && *Met[B->getBlockID()])
      for (const CFGElement &E : *B)
        if (auto Elem = E.getAs<CFGStmt>())
          if (const auto *Call = dyn_cast<CallExpr>(Elem->getStmt()))
            Calls.insert(Call);
  return Calls;
}

} // namespace reapcheck
