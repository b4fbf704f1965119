//===--- PollRepeats.cpp - Whether a WNOHANG wait runs again --------------===//

#include "flow/PollRepeats.h"
#include "support/AstHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/StmtCXX.h"
#include <optional>

using namespace clang;

namespace reapcheck {

namespace {
/// Values of the expressions a loop's exit reads, with the wait's result
/// taken to be 0.
class ZeroResult {
public:
  ZeroResult(const CallExpr &Call, const VarDecl *Result, ASTContext &Ctx)
      : Call(Call), Result(Result), Ctx(Ctx) {}

  /// True when \p E reads the wait's result.
  bool reads(const Expr *E) const {
    bool Found = false;
    walkStmts(E, Closures::Skip, [&](const Stmt *S) {
      if (S == &Call)
        Found = true;
      else if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
        Found = Found || (Result && Ref->getDecl() == Result);
      return !Found;
    });
    return Found;
  }

  /// The value of \p E, or nothing where it depends on other things.
  std::optional<int64_t> value(const Expr *E) const {
    E = E->IgnoreParenImpCasts();
    if (E == &Call)
      return 0;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
      if (Result && Ref->getDecl() == Result)
        return 0;
    if (const auto *U = dyn_cast<UnaryOperator>(E)) {
      auto Sub = value(U->getSubExpr());
      if (!Sub)
        return std::nullopt;
      if (U->getOpcode() == UO_LNot)
        return *Sub == 0;
      if (U->getOpcode() == UO_Minus)
        return -*Sub;
      return std::nullopt;
    }
    if (const auto *B = dyn_cast<BinaryOperator>(E))
      return binary(*B);
    return constantOf(E, Ctx);
  }

private:
  std::optional<int64_t> binary(const BinaryOperator &B) const {
    if (B.getOpcode() == BO_Assign)
      return value(B.getRHS());
    auto L = value(B.getLHS());
    if (B.isLogicalOp()) {
      // Short-circuit: one side may decide alone.
      auto R = value(B.getRHS());
      const bool And = B.getOpcode() == BO_LAnd;
      if ((L && (*L != 0) != And) || (R && (*R != 0) != And))
        return !And;
      if (L && R)
        return And;
      return std::nullopt;
    }
    auto R = value(B.getRHS());
    if (!L || !R)
      return std::nullopt;
    switch (B.getOpcode()) {
    case BO_LT: return *L < *R;
    case BO_LE: return *L <= *R;
    case BO_GT: return *L > *R;
    case BO_GE: return *L >= *R;
    case BO_EQ: return *L == *R;
    case BO_NE: return *L != *R;
    default: return std::nullopt;
    }
  }

  const CallExpr &Call;
  const VarDecl *Result;
  ASTContext &Ctx;
};
} // namespace

/// The local \p Call's result is stored in (`p = waitpid(...)`, `pid_t p =
/// waitpid(...)`), if any.
static const VarDecl *resultLocal(const CallExpr &Call, const ParentMap &PM) {
  const Stmt *Child = &Call;
  const Stmt *P = PM.getParent(Child);
  while (P && isTransparent(P)) {
    Child = P;
    P = PM.getParent(P);
  }
  if (const auto *B = dyn_cast_or_null<BinaryOperator>(P))
    if (B->getOpcode() == BO_Assign && B->getRHS() == Child)
      return varOf(B->getLHS());
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(P))
    if (DS->isSingleDecl())
      return dyn_cast<VarDecl>(DS->getSingleDecl());
  return nullptr;
}

/// True when \p Loop ends when the wait returns 0: its condition is then
/// false, or its body then leaves it (`if (p <= 0) break;`).
static bool endsOnZero(const Stmt &Loop, const ZeroResult &Zero) {
  const Expr *Cond = nullptr;
  const Stmt *Body = nullptr;
  if (const auto *For = dyn_cast<ForStmt>(&Loop)) {
    Cond = For->getCond();
    Body = For->getBody();
  } else if (const auto *While = dyn_cast<WhileStmt>(&Loop)) {
    Cond = While->getCond();
    Body = While->getBody();
  } else if (const auto *Do = dyn_cast<DoStmt>(&Loop)) {
    Cond = Do->getCond();
    Body = Do->getBody();
  } else {
    return false; // A range-for runs over other things.
  }
  if (Cond && Zero.reads(Cond))
    if (auto Value = Zero.value(Cond); Value && *Value == 0)
      return true;
  bool Leaves = false;
  walkStmts(Body, Closures::Skip, [&](const Stmt *S) {
    // A break of an inner loop or switch leaves that one only.
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt>(S))
      return false;
    const auto *If = dyn_cast<IfStmt>(S);
    if (!If || !If->getThen() || !Zero.reads(If->getCond()))
      return !Leaves;
    const Stmt *Then = If->getThen();
    if (const auto *Block = dyn_cast<CompoundStmt>(Then))
      Then = Block->body_empty() ? nullptr : Block->body_back();
    if (isa_and_nonnull<BreakStmt, ReturnStmt, GotoStmt>(Then))
      if (auto Value = Zero.value(If->getCond()); Value && *Value != 0)
        Leaves = true;
    return !Leaves;
  });
  return Leaves;
}

bool pollRunsAgain(const CallExpr &Call, const ParentMap &PM,
                   ASTContext &Ctx) {
  ZeroResult Zero(Call, resultLocal(Call, PM), Ctx);
  for (const Stmt *P = PM.getParent(&Call); P; P = PM.getParent(P))
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(P) &&
        !endsOnZero(*P, Zero))
      return true;
  return false;
}

} // namespace reapcheck
