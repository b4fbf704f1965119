//===--- BranchConditions.cpp - What a branch says about a child ----------===//

#include "flow/BranchConditions.h"
#include "support/AstHelpers.h"
#include "flow/SummaryProvider.h"
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

/// Does `V Op C` hold?
static bool holdsFor(int64_t V, BinaryOperatorKind Op, int64_t C) {
  switch (Op) {
  case BO_LT:
    return V < C;
  case BO_LE:
    return V <= C;
  case BO_GT:
    return V > C;
  case BO_GE:
    return V >= C;
  case BO_EQ:
    return V == C;
  default:
    return V != C;
  }
}

static bool holdsForZero(BinaryOperatorKind Op, int64_t C) {
  return holdsFor(0, Op, C);
}

/// `c.valid()` (the class's valid method) false means no child; `if (ec)`
/// true means Boost's non-throwing start failed.  std::nullopt when
/// \p Member is neither.
static std::optional<bool>
boostEdgeMayKeep(const Site &S, const CXXMemberCallExpr &Member, bool Branch) {
  const VarDecl *Object = varOf(Member.getImplicitObjectArgument());
  const CXXMethodDecl *Method = Member.getMethodDecl();
  if (!Method || !Object)
    return std::nullopt;
  if (S.Holders.count(Object) && Method->getIdentifier() &&
      !S.Spec.ValidMethod.empty() && Method->getName() == S.Spec.ValidMethod)
    return Branch;
  if (Object == S.ErrorVar && isa<CXXConversionDecl>(Method))
    return !Branch;
  return std::nullopt;
}

namespace {
/// A branch condition read as `Subject Op C`, or `Subject Op Other` when
/// neither side is a constant.
struct Comparison {
  const clang::Expr *Subject = nullptr;
  BinaryOperatorKind Op = BO_NE;
  int64_t C = 0;
  const clang::Expr *Other = nullptr;
};
} // namespace

/// \p Cond (no `!` on top) as a comparison; a bare value `h` is `h != 0`;
/// a call of a predicate of the unit is the comparison it returns.
static std::optional<Comparison> comparisonOf(const Expr *Cond, ASTContext &Ctx,
                                              SummaryProvider *Summaries) {
  Comparison Result;
  Result.Subject = Cond;
  if (const auto *Call = dyn_cast<CallExpr>(Cond); Call && Summaries)
    if (auto P = Summaries->predicate(Call->getDirectCallee()))
      if (P->Param < Call->getNumArgs())
        return Comparison{Call->getArg(P->Param), P->Op, P->C, nullptr};
  const auto *BO = dyn_cast<BinaryOperator>(Cond);
  if (!BO || !BO->isComparisonOp())
    return Result;
  if (BO->getOpcode() == BO_Cmp)
    return std::nullopt;
  if (auto R = constantOf(BO->getRHS(), Ctx)) {
    Result = {BO->getLHS(), BO->getOpcode(), *R, nullptr};
  } else if (auto L = constantOf(BO->getLHS(), Ctx)) {
    Result = {BO->getRHS(), mirror(BO->getOpcode()), *L, nullptr};
  } else {
    Result = {BO->getLHS(), BO->getOpcode(), 0, BO->getRHS()};
  }
  return Result;
}

bool edgeMayKeep(const Site &S, const Expr *Cond, bool Branch, ASTContext &Ctx,
                 SummaryProvider *Summaries) {
  Cond = skipTransparent(Cond);
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond))
    if (UO->getOpcode() == UO_LNot)
      return edgeMayKeep(S, UO->getSubExpr(), !Branch, Ctx, Summaries);
  if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Cond))
    if (auto Keep = boostEdgeMayKeep(S, *Member, Branch))
      return *Keep;
  auto Test = comparisonOf(Cond, Ctx, Summaries);
  if (!Test || Test->Other)
    return true;
  BinaryOperatorKind Op = Branch ? Test->Op : negate(Test->Op);
  if (S.refersToHandle(Test->Subject))
    return holdsForSomePositive(Op, Test->C);
  // `if (error)`: a row's error out-parameter is set only where the start
  // failed.
  if (S.ErrorVar && varOf(Test->Subject) == S.ErrorVar)
    return holdsForZero(Op, Test->C);
  if (auto NonZero = S.statusSuccessIsNonZero(Test->Subject))
    return *NonZero ? holdsForSomePositive(Op, Test->C)
                    : holdsForZero(Op, Test->C);
  return true;
}

bool edgeReapsByPoll(const Site &S, const Expr *Cond, bool Branch,
                     ASTContext &Ctx) {
  if (S.Polls.empty())
    return false;
  Cond = skipTransparent(Cond);
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond))
    if (UO->getOpcode() == UO_LNot)
      return edgeReapsByPoll(S, UO->getSubExpr(), !Branch, Ctx);
  auto Test = comparisonOf(Cond, Ctx, nullptr);
  if (!Test)
    return false;
  BinaryOperatorKind Op = Branch ? Test->Op : negate(Test->Op);
  // `r == pid`: the poll reported this child.
  if (Test->Other) {
    bool Reported =
        (S.refersToPoll(Test->Subject) && S.refersToHandle(Test->Other)) ||
        (S.refersToPoll(Test->Other) && S.refersToHandle(Test->Subject));
    return Reported && Op == BO_EQ;
  }
  // Any result but the one a running child gives (0 for waitpid: any
  // other is the child, or an error such as ECHILD) means the child is no
  // longer running unreaped.
  return S.refersToPoll(Test->Subject) &&
         !holdsFor(S.PollPending, Op, Test->C);
}

const VarDecl *provenNull(const Expr *Cond, bool Branch, ASTContext &Ctx) {
  Cond = skipTransparent(Cond);
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond))
    if (UO->getOpcode() == UO_LNot)
      return provenNull(UO->getSubExpr(), !Branch, Ctx);
  const VarDecl *Var = varOf(Cond);
  if (Var)
    return Var->getType()->isPointerType() && !Branch ? Var : nullptr;
  const auto *BO = dyn_cast<BinaryOperator>(Cond);
  if (!BO || !BO->isEqualityOp())
    return nullptr;
  const Expr *Other = BO->getLHS();
  auto Zero = constantOf(BO->getRHS(), Ctx);
  if (!Zero) {
    Other = BO->getRHS();
    Zero = constantOf(BO->getLHS(), Ctx);
  }
  Var = varOf(Other);
  if (!Zero || *Zero != 0 || !Var || !Var->getType()->isPointerType())
    return nullptr;
  return (BO->getOpcode() == BO_EQ) == Branch ? Var : nullptr;
}

bool caseMayKeep(const Site &S, const Expr *Subject, int64_t Low,
                 int64_t High) {
  if (S.refersToHandle(Subject) && High <= 0)
    return false;
  if (auto NonZero = S.statusSuccessIsNonZero(Subject);
      NonZero && (*NonZero ? High <= 0 : (Low > 0 || High < 0)))
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
