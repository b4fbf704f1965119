//===--- ApiQuirks.cpp - Argument tests and the quirks rows name ----------===//

#include "support/AstHelpers.h"
#include "model/ApiQuirks.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace reapcheck {

/// Strips what C++ wraps a constant argument in: temporaries, implicit
/// casts and a converting constructor of one argument.
static const Expr *unwrapConstant(const Expr *E) {
  for (unsigned Depth = 0; E && Depth < 8; ++Depth) {
    E = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    else if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E))
      E = F->getSubExpr();
    else if (const auto *C = dyn_cast<CXXConstructExpr>(E);
             C && C->getNumArgs() == 1)
      E = C->getArg(0);
    else
      return E;
  }
  return E;
}

std::optional<llvm::APSInt> constantArgument(const Expr *E,
                                             const ASTContext &Ctx) {
  E = unwrapConstant(E);
  // `Glib::SPAWN_DO_NOT_REAP_CHILD | Glib::SPAWN_SEARCH_PATH`: a flag enum's
  // own operator|, which need not be constexpr, combines constant flags.
  if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(E);
      Op && Op->getNumArgs() == 2 &&
      Op->getType()->isEnumeralType()) {
    OverloadedOperatorKind Kind = Op->getOperator();
    if (Kind == OO_Pipe || Kind == OO_Amp || Kind == OO_Caret) {
      auto L = constantArgument(Op->getArg(0), Ctx);
      auto R = constantArgument(Op->getArg(1), Ctx);
      if (!L || !R)
        return std::nullopt;
      llvm::APSInt A(L->extOrTrunc(64), /*isUnsigned=*/true);
      llvm::APSInt B(R->extOrTrunc(64), /*isUnsigned=*/true);
      return Kind == OO_Pipe ? (A | B) : Kind == OO_Amp ? (A & B) : (A ^ B);
    }
  }
  if (!E || E->isValueDependent() || E->isTypeDependent() ||
      !E->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt();
}

bool isNullAddress(const Expr *E, const ASTContext &Ctx) {
  return E && !E->isValueDependent() &&
         E->isNullPointerConstant(const_cast<ASTContext &>(Ctx),
                                  Expr::NPC_ValueDependentIsNotNull);
}

/// Whether \p C holds for the argument \p E; std::nullopt when unknown.
static std::optional<bool> holds(const ArgCondition &C, const Expr *E,
                                 const ASTContext &Ctx) {
  using T = ArgCondition::Test;
  if (C.Null) {
    if (isNullAddress(E, Ctx))
      return C.Kind == T::Equals;
    // `&x`, a string literal, an array or a function: never null.
    const Expr *Inner = E->IgnoreParenImpCasts();
    const auto *U = dyn_cast<UnaryOperator>(Inner);
    const auto *Ref = dyn_cast<DeclRefExpr>(Inner);
    if ((U && U->getOpcode() == UO_AddrOf) || isa<StringLiteral>(Inner) ||
        (Ref && (Ref->getType()->isArrayType() ||
                 Ref->getType()->isFunctionType())))
      return C.Kind != T::Equals;
    return std::nullopt;
  }
  auto Value = constantArgument(E, Ctx);
  // `-pgid`, `-getpgrp()`: process and group ids are positive, so a
  // negated one is below 0 whatever its value (a wait for a group).
  const auto *Neg = dyn_cast<UnaryOperator>(E->IgnoreParenImpCasts());
  if (!Value && C.Kind == T::AtMost && C.Value >= -1 && Neg &&
      Neg->getOpcode() == UO_Minus)
    return true;
  if (!Value)
    return std::nullopt;
  int64_t V = Value->isSigned() ? Value->getSExtValue()
                                : static_cast<int64_t>(Value->getZExtValue());
  switch (C.Kind) {
  case T::HasFlags:
    return (V & C.Value) == C.Value;
  case T::LacksFlags:
    return (V & C.Value) == 0;
  case T::Equals:
    return V == C.Value;
  case T::NotEquals:
    return V != C.Value;
  case T::AtMost:
    // An unsigned value is never below 0 (waitpid's pid is signed).
    if (!Value->isSigned())
      return C.Value >= 0 &&
             Value->getZExtValue() <= static_cast<uint64_t>(C.Value);
    return V <= C.Value;
  case T::OneOf:
    for (int64_t Allowed : C.Values)
      if (V == Allowed)
        return true;
    return false;
  }
  return std::nullopt;
}

int parameterIndex(const FunctionDecl *FD, llvm::StringRef Name) {
  if (!FD)
    return -1;
  for (const ParmVarDecl *P : FD->parameters())
    if (P->getIdentifier() && P->getName() == Name)
      return static_cast<int>(P->getFunctionScopeIndex());
  return -1;
}

int argumentIndex(const CallExpr &Call, int Arg, llvm::StringRef Param) {
  return Param.empty() ? Arg : parameterIndex(Call.getDirectCallee(), Param);
}

bool conditionsHold(const std::vector<ArgCondition> &Conditions,
                    const CallExpr &Call, const ASTContext &Ctx) {
  for (const ArgCondition &C : Conditions) {
    std::optional<bool> Result;
    int Index = argumentIndex(Call, static_cast<int>(C.Arg), C.Param);
    if (Index >= 0 && static_cast<unsigned>(Index) < Call.getNumArgs())
      Result = holds(C, Call.getArg(Index), Ctx);
    if (!Result.value_or(C.IfUnknown))
      return false;
  }
  return true;
}

/// Written `SYS_clone3` or `__NR_fork`, or through a macro of the project
/// (`#define my_fork() syscall(SYS_fork)`, `#define SYSNUM SYS_fork`),
/// found among the macros it was expanded from.
llvm::StringRef startingSyscall(const CallExpr &Call, const ASTContext &Ctx) {
  if (Call.getNumArgs() == 0)
    return llvm::StringRef();
  const Expr &Number = *Call.getArg(0);
  auto Known = [](llvm::StringRef Name) {
    Name = Name.trim();
    if (!Name.consume_front("SYS_") && !Name.consume_front("__NR_"))
      return llvm::StringRef();
    return Name == "fork" || Name == "vfork" || Name == "clone" ||
                   Name == "clone3"
               ? Name
               : llvm::StringRef();
  };
  if (llvm::StringRef Name = Known(writtenText(Number, Ctx)); !Name.empty())
    return Name;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Loc = Number.IgnoreParenImpCasts()->getBeginLoc();
  for (unsigned Depth = 0; Loc.isMacroID() && Depth < 16; ++Depth) {
    llvm::StringRef Name =
        Known(Lexer::getImmediateMacroName(Loc, SM, Ctx.getLangOpts()));
    if (!Name.empty())
      return Name;
    Loc = SM.getImmediateMacroCallerLoc(Loc);
  }
  return llvm::StringRef();
}

/// True when \p E is an address written as a constant (`NULL`,
/// `(char *) 1`): no object of the process lives there.
static bool isConstantAddress(const Expr *E, const ASTContext &Ctx) {
  if (!E || E->isValueDependent())
    return false;
  if (isNullAddress(E, Ctx))
    return true;
  const Expr *Inner = E->IgnoreParenCasts();
  return Inner->getType()->isIntegerType() &&
         constantArgument(Inner, Ctx).has_value();
}

/// CLONE_THREAD in <linux/sched.h>.
static constexpr uint64_t CloneThread = 0x00010000;

/// The kernel fails clone3() with EFAULT when its `struct clone_args`
/// pointer is a constant address (a probe such as bubblewrap's
/// `WRONG_POINTER`), and glibc's clone() fails with EINVAL when `fn` or
/// `stack` is NULL; a clone with CLONE_THREAD in its constant flags makes a
/// thread of the caller's process, not a child to reap.
bool cloneFailsByArgument(const CallExpr &Call, llvm::StringRef Name,
                          unsigned First, const ASTContext &Ctx) {
  auto Arg = [&](unsigned I) {
    return First + I < Call.getNumArgs() ? Call.getArg(First + I) : nullptr;
  };
  if (Name == "clone3")
    return isConstantAddress(Arg(0), Ctx);
  if (Name != "clone")
    return false;
  const Expr *Flags = Arg(First == 0 ? 2 : 0);
  if (auto Value = Flags ? constantArgument(Flags, Ctx) : std::nullopt;
      Value && (Value->getZExtValue() & CloneThread))
    return true;
  return First == 0 &&
         (isNullAddress(Arg(0), Ctx) || isNullAddress(Arg(1), Ctx));
}

} // namespace reapcheck
