//===--- Guards.cpp - Locals that say whether a child was started ---------===//

#include "flow/Guards.h"
#include "support/AstHelpers.h"
#include "flow/BranchConditions.h"
#include "flow/Holders.h"
#include "clang/AST/ASTContext.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace reapcheck {

/// The variable \p Cond tests against 0, and whether its true branch means
/// it is not 0.
static std::optional<std::pair<const VarDecl *, bool>>
zeroTested(const Expr *Cond, ASTContext &Ctx) {
  bool NonZeroWhenTrue = true;
  Cond = skipTransparent(Cond);
  while (const auto *Not = dyn_cast_or_null<UnaryOperator>(Cond)) {
    if (Not->getOpcode() != UO_LNot)
      break;
    NonZeroWhenTrue = !NonZeroWhenTrue;
    Cond = skipTransparent(Not->getSubExpr());
  }
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Cond);
      BO && BO->isEqualityOp()) {
    const Expr *Other = nullptr;
    if (constantOf(BO->getRHS(), Ctx) == 0)
      Other = BO->getLHS();
    else if (constantOf(BO->getLHS(), Ctx) == 0)
      Other = BO->getRHS();
    if (!Other)
      return std::nullopt;
    if (BO->getOpcode() == BO_EQ)
      NonZeroWhenTrue = !NonZeroWhenTrue;
    Cond = Other;
  }
  const VarDecl *V = varOf(Cond);
  if (!V)
    return std::nullopt;
  return std::make_pair(V, NonZeroWhenTrue);
}

/// The locals of \p Body some reference to which does more than read it,
/// assign it, increment it or take its address (the flow takes `&v` as a
/// write of unknown value, at that point: `start_filter(&out)`): bound to a
/// reference or captured by one, they could be written behind the flow's
/// back.  A pointer kept from `&v` and written through later is not seen.
static llvm::SmallPtrSet<const VarDecl *, 8> escapingLocals(const Stmt *Body) {
  llvm::SmallPtrSet<const Expr *, 32> Plain;
  llvm::SmallPtrSet<const VarDecl *, 8> Escaping;
  walkStmts(Body, Closures::Enter, [&](const Stmt *S) {
    if (const auto *Cast = dyn_cast<ImplicitCastExpr>(S)) {
      if (Cast->getCastKind() == CK_LValueToRValue)
        Plain.insert(Cast->getSubExpr()->IgnoreParens());
    } else if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (BO->isAssignmentOp())
        Plain.insert(BO->getLHS()->IgnoreParens());
    } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
      if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
        Plain.insert(UO->getSubExpr()->IgnoreParens());
    } else if (const auto *Ref = dyn_cast<DeclRefExpr>(S)) {
      if (!Plain.count(Ref))
        if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
          Escaping.insert(V);
    }
    return true;
  });
  return Escaping;
}

GuardLocals::GuardLocals(const CFG &Graph, const Stmt *Body,
                         const HolderIndex &Holders, ASTContext &Ctx)
    : Ctx(&Ctx) {
  llvm::SmallVector<const VarDecl *, 8> Tested;
  for (const CFGBlock *B : Graph) {
    if (!B || B->succ_size() != 2)
      continue;
    const Expr *Cond = decidingCondition(*B);
    auto Test = Cond ? zeroTested(Cond, Ctx) : std::nullopt;
    if (!Test)
      continue;
    const VarDecl *V = Test->first;
    QualType T = V->getType();
    if (V->hasLocalStorage() && !T->isReferenceType() &&
        !T.isVolatileQualified() &&
        (T->isIntegerType() || T->isPointerType()) && !Holders.isHolder(V) &&
        !Index.count(V)) {
      Index[V] = 0;
      Tested.push_back(V);
    }
  }
  if (Tested.empty())
    return;
  auto Escaping = escapingLocals(Body);
  Index.clear();
  for (const VarDecl *V : Tested)
    if (!Escaping.count(V)) {
      unsigned Next = Index.size();
      Index[V] = Next;
    }
}

std::optional<unsigned> GuardLocals::indexOf(const VarDecl *V) const {
  auto It = Index.find(V);
  if (It == Index.end())
    return std::nullopt;
  return It->second;
}

std::optional<std::pair<unsigned, bool>>
GuardLocals::zeroTest(const Expr *Cond) const {
  if (Index.empty() || !Cond)
    return std::nullopt;
  auto Test = zeroTested(Cond, *Ctx);
  if (!Test)
    return std::nullopt;
  auto I = indexOf(Test->first);
  if (!I)
    return std::nullopt;
  return std::make_pair(*I, Test->second);
}

bool GuardLocals::isNonZero(const Expr *Value,
                            const llvm::BitVector &NonZero) const {
  Value = skipTransparent(Value);
  if (!Value)
    return false;
  if (isa<StringLiteral>(Value))
    return true;
  if (const auto *UO = dyn_cast<UnaryOperator>(Value))
    if (UO->getOpcode() == UO_AddrOf)
      return true;
  if (auto C = constantOf(Value, *Ctx))
    return *C != 0;
  auto I = indexOf(varOf(Value));
  return I && *I < NonZero.size() && NonZero.test(*I);
}

} // namespace reapcheck
