//===--- BranchConditions.cpp - What a branch says about a child ----------===//

#include "BranchConditions.h"
#include "AstHelpers.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Analysis/CFG.h"

using namespace clang;

namespace reapcheck {

static BinaryOperatorKind negate(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_LT:
    return BO_GE;
  case BO_LE:
    return BO_GT;
  case BO_GT:
    return BO_LE;
  case BO_GE:
    return BO_LT;
  case BO_EQ:
    return BO_NE;
  default:
    return BO_EQ;
  }
}

static BinaryOperatorKind mirror(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_LT:
    return BO_GT;
  case BO_LE:
    return BO_GE;
  case BO_GT:
    return BO_LT;
  case BO_GE:
    return BO_LE;
  default:
    return Op;
  }
}

/// Can `X Op C` hold for some X > 0 (a real child pid, a non-NULL stream)?
static bool holdsForSomePositive(BinaryOperatorKind Op, int64_t C) {
  switch (Op) {
  case BO_LT:
    return C > 1;
  case BO_LE:
    return C >= 1;
  case BO_EQ:
    return C > 0;
  default:
    return true; // >, >=, != hold for large X.
  }
}

static bool holdsForZero(BinaryOperatorKind Op, int64_t C) {
  switch (Op) {
  case BO_LT:
    return 0 < C;
  case BO_LE:
    return 0 <= C;
  case BO_GT:
    return 0 > C;
  case BO_GE:
    return 0 >= C;
  case BO_EQ:
    return C == 0;
  default:
    return C != 0;
  }
}

/// Boost: `c.valid()` false means no child; `if (ec)` true means the
/// non-throwing start failed.  std::nullopt when \p Member is neither.
static std::optional<bool>
boostEdgeMayKeep(const Site &S, const CXXMemberCallExpr &Member, bool Branch) {
  const VarDecl *Object = varOf(Member.getImplicitObjectArgument());
  const CXXMethodDecl *Method = Member.getMethodDecl();
  if (!Method || !Object)
    return std::nullopt;
  if (S.Holders.count(Object) && Method->getIdentifier() &&
      Method->getName() == "valid")
    return Branch;
  if (Object == S.ErrorVar && isa<CXXConversionDecl>(Method))
    return !Branch;
  return std::nullopt;
}

bool edgeMayKeep(const Site &S, const Expr *Cond, bool Branch,
                 ASTContext &Ctx) {
  Cond = skipTransparent(Cond);
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond))
    if (UO->getOpcode() == UO_LNot)
      return edgeMayKeep(S, UO->getSubExpr(), !Branch, Ctx);
  if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Cond))
    if (auto Keep = boostEdgeMayKeep(S, *Member, Branch))
      return *Keep;
  // A bare value `h` is `h != 0`.
  BinaryOperatorKind Op = BO_NE;
  const Expr *Subject = Cond;
  int64_t C = 0;
  if (const auto *BO = dyn_cast<BinaryOperator>(Cond);
      BO && BO->isComparisonOp()) {
    if (auto R = constantOf(BO->getRHS(), Ctx)) {
      Subject = BO->getLHS();
      Op = BO->getOpcode();
      C = *R;
    } else if (auto L = constantOf(BO->getLHS(), Ctx)) {
      Subject = BO->getRHS();
      Op = mirror(BO->getOpcode());
      C = *L;
    } else {
      return true;
    }
    if (Op == BO_Cmp)
      return true;
  }
  if (!Branch)
    Op = negate(Op);
  if (S.refersToHandle(Subject))
    return holdsForSomePositive(Op, C);
  if (S.refersToStatus(Subject))
    return holdsForZero(Op, C);
  return true;
}

bool caseMayKeep(const Site &S, const Expr *Subject, int64_t Low,
                 int64_t High) {
  if (S.refersToHandle(Subject) && High <= 0)
    return false;
  if (S.refersToStatus(Subject) && (Low > 0 || High < 0))
    return false;
  return true;
}

const Expr *decidingCondition(const CFGBlock &From) {
  const auto *Cond = dyn_cast_or_null<Expr>(From.getTerminatorCondition());
  if (!Cond)
    return nullptr;
  const Stmt *Last = nullptr;
  for (const auto *It = From.rbegin(); It != From.rend() && !Last; ++It)
    if (auto CS = It->getAs<CFGStmt>())
      Last = CS->getStmt();
  while (const auto *Logic = dyn_cast<BinaryOperator>(Cond->IgnoreParens())) {
    if (!Logic->isLogicalOp() || !Last)
      break;
    const Expr *Rhs = Logic->getRHS();
    const auto *LastExpr = dyn_cast<Expr>(Last);
    if (Last != Rhs && (!LastExpr || LastExpr->IgnoreParenImpCasts() !=
                                         Rhs->IgnoreParenImpCasts()))
      break;
    Cond = Rhs;
  }
  return Cond;
}

} // namespace reapcheck
