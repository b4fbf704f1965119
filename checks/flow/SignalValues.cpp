//===--- SignalValues.cpp - Which signals an install may name -------------===//

#include "flow/SignalValues.h"
#include "model/ProcessApiModel.h"
#include "support/AstHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Stmt.h"

using namespace clang;

namespace reapcheck {

/// The constant \p E compares with for \p Var in a loop condition that
/// bounds it from above (`s < NSIG`, `s <= 31`, `s != NSIG`): one past the
/// last value it takes.
static std::optional<int64_t> upperBound(const Expr *Cond, const VarDecl &Var,
                                         ASTContext &Ctx) {
  const auto *Test =
      dyn_cast_or_null<BinaryOperator>(Cond ? Cond->IgnoreParenImpCasts() : nullptr);
  if (!Test || varOf(Test->getLHS()) != &Var)
    return std::nullopt;
  auto Bound = constantOf(Test->getRHS(), Ctx);
  if (!Bound)
    return std::nullopt;
  if (Test->getOpcode() == BO_LT || Test->getOpcode() == BO_NE)
    return *Bound;
  if (Test->getOpcode() == BO_LE)
    return *Bound + 1;
  return std::nullopt;
}

/// The value a for-loop's init statement gives \p Var (`int s = 1`, `s =
/// 1`), if constant.
static std::optional<int64_t> initialValue(const Stmt *Init, const VarDecl &Var,
                                           ASTContext &Ctx) {
  if (const auto *Decl = dyn_cast_or_null<DeclStmt>(Init))
    if (Decl->isSingleDecl() && Decl->getSingleDecl() == &Var && Var.getInit())
      return constantOf(Var.getInit(), Ctx);
  if (const auto *Assign = dyn_cast_or_null<BinaryOperator>(Init))
    if (Assign->getOpcode() == BO_Assign && varOf(Assign->getLHS()) == &Var)
      return constantOf(Assign->getRHS(), Ctx);
  return std::nullopt;
}

bool mayNameSigchld(const Expr &Sig, const CallExpr &Call,
                           ASTContext &Ctx) {
  if (ProcessApiModel::isSigchld(Sig, Ctx))
    return true;
  const Expr *E = skipTransparent(&Sig);
  if (const auto *Element = dyn_cast<ArraySubscriptExpr>(E)) {
    const VarDecl *Array = varOf(Element->getBase());
    const auto *List = dyn_cast_or_null<InitListExpr>(
        Array && Array->getInit() ? Array->getInit()->IgnoreParens() : nullptr);
    return List && llvm::any_of(List->inits(), [&](const Expr *Init) {
             return ProcessApiModel::isSigchld(*Init, Ctx);
           });
  }
  const VarDecl *Counter = varOf(E);
  if (!Counter || !Counter->getType()->isIntegerType())
    return false;
  for (DynTypedNodeList Up = Ctx.getParents(Call); !Up.empty();
       Up = Ctx.getParents(Up[0])) {
    const auto *Loop = Up[0].get<ForStmt>();
    if (!Loop)
      continue;
    auto From = initialValue(Loop->getInit(), *Counter, Ctx);
    auto To = upperBound(Loop->getCond(), *Counter, Ctx);
    if (From && To)
      return *From <= SigchldOnLinux && SigchldOnLinux < *To;
  }
  return false;
}

} // namespace reapcheck
