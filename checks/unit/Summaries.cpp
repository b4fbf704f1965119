//===--- Summaries.cpp - What the unit's own functions do to a child ------===//

#include "unit/Summaries.h"
#include "flow/SigchldActions.h"
#include "facts/ProjectFacts.h"
#include "support/AstHelpers.h"
#include "flow/ChildSide.h"
#include "flow/ReapAnalysis.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace reapcheck {

bool TranslationUnitSummaries::callReapsAny(const CallExpr &Call,
                                            ASTContext &Ctx) {
  const FunctionDecl *FD = Call.getDirectCallee();
  if (!FD)
    return false;
  for (unsigned I = 0; I < Call.getNumArgs() && I < FD->getNumParams(); ++I) {
    // Only a parameter spelled pid_t, as in the index (any_pid_calls): a
    // summary of every callee given a 0 would cost a CFG each.
    if (!isPidType(FD->getParamDecl(I)->getType()))
      continue;
    auto Pid = constantOf(Call.getArg(I), Ctx);
    if (Pid && *Pid <= 0 && paramSummary(FD, I, Ctx) == ParamSummary::Reaps)
      return true;
  }
  return false;
}

/// The function the last statement of \p Def's body calls, if it is a
/// call.
static const FunctionDecl *lastCallee(const FunctionDecl &Def) {
  const auto *Compound = dyn_cast_or_null<CompoundStmt>(Def.getBody());
  if (!Compound || Compound->body_empty())
    return nullptr;
  const auto *Last = dyn_cast_or_null<CallExpr>(
      skipTransparent(dyn_cast_or_null<Expr>(Compound->body_back())));
  return Last ? Last->getDirectCallee() : nullptr;
}

static bool hasReturn(const FunctionDecl &Def) {
  bool Returns = false;
  walkStmts(Def.getBody(), Closures::Skip, [&](const Stmt *S) {
    Returns |= isa<ReturnStmt>(S);
    return !Returns;
  });
  return Returns;
}

const FunctionDecl *endingCallee(const FunctionDecl &Def) {
  const FunctionDecl *Callee = lastCallee(Def);
  return Callee && !hasReturn(Def) ? Callee : nullptr;
}

bool TranslationUnitSummaries::isInferredNoReturn(const FunctionDecl *FD) {
  if (!FD || FD->isNoReturn())
    return false;
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def)
    return false;
  auto It = NoReturn.find(Def);
  if (It != NoReturn.end())
    return It->second;
  NoReturn[Def] = false; // Recursion ends here.
  // `die()`: the body has no return and ends in a noreturn call.  (The
  // callee is asked first: most bodies end otherwise, and need no walk.)
  const FunctionDecl *Callee = lastCallee(*Def);
  if (!Callee || !(Callee->isNoReturn() || isInferredNoReturn(Callee)))
    return false;
  bool Never = !hasReturn(*Def);
  NoReturn[Def] = Never;
  return Never;
}

bool TranslationUnitSummaries::loopsForever(const FunctionDecl *FD) {
  const FunctionDecl *Def = nullptr;
  if (!FD || FD->isNoReturn() || !FD->hasBody(Def) || !Def)
    return false;
  auto It = Forever.find(Def);
  if (It != Forever.end())
    return It->second;
  Forever[Def] = false; // Recursion ends here.
  const auto *Compound = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Compound || Compound->body_empty() || isInferredNoReturn(Def))
    return false;
  // `serve_forever()`: the body ends in a loop nothing but an exit leaves,
  // or in a call of such a function; it has no return.
  const Stmt *Last = Compound->body_back();
  bool Ends = isServingLoop(Last);
  if (!Ends)
    if (const FunctionDecl *Callee = lastCallee(*Def))
      Ends = loopsForever(Callee);
  bool Result = Ends && !hasReturn(*Def);
  Forever[Def] = Result;
  return Result;
}

const WrapperSummary *
TranslationUnitSummaries::wrapper(const FunctionDecl *FD) const {
  if (!FD)
    return nullptr;
  auto It = Wrappers.find(FD->getCanonicalDecl());
  return It == Wrappers.end() ? nullptr : &It->second;
}

bool TranslationUnitSummaries::addWrapper(const FunctionDecl *FD,
                                          WrapperSummary W) {
  return Wrappers.try_emplace(FD->getCanonicalDecl(), std::move(W)).second;
}


//===----------------------------------------------------------------------===//
// Predicates: `static int check_fail(int r) { last = r; return r != 0; }`.
//===----------------------------------------------------------------------===//

/// The storage \p E names when it outlives a call of the function: a field
/// of `*this` or a variable of static storage.
static const ValueDecl *latchStorage(const Expr *E) {
  E = skipTransparent(E);
  if (const auto *Member = dyn_cast_or_null<MemberExpr>(E))
    return isa<CXXThisExpr>(Member->getBase()->IgnoreParenImpCasts())
               ? dyn_cast<FieldDecl>(Member->getMemberDecl())
               : nullptr;
  const VarDecl *V = varOf(E);
  return V && V->hasGlobalStorage() ? V : nullptr;
}

/// The parameter of \p Def that \p Storage latches: the body's only
/// writes of it are `Storage = p;` of one parameter (fish-shell's
/// `if (error_ == 0) error_ = err; return error_ != 0;`, where the first
/// failure wins).
static const ParmVarDecl *latchedParam(const ValueDecl *Storage,
                                       const FunctionDecl &Def) {
  const ParmVarDecl *Latched = nullptr;
  bool Other = false;
  walkStmts(Def.getBody(), Closures::Enter, [&](const Stmt *S) {
    const Expr *Written = nullptr;
    const Expr *From = nullptr;
    if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (BO->isAssignmentOp()) {
        Written = BO->getLHS();
        From = BO->getOpcode() == BO_Assign ? BO->getRHS() : nullptr;
      }
    } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
      if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
        Written = UO->getSubExpr();
    }
    if (!Written || latchStorage(Written) != Storage)
      return true;
    const auto *P = dyn_cast_or_null<ParmVarDecl>(varOf(From));
    if (!P || P->getDeclContext() != &Def || (Latched && Latched != P))
      Other = true;
    else
      Latched = P;
    return !Other;
  });
  return Other ? nullptr : Latched;
}

/// What `return Value;` returns, as a comparison of a parameter of \p Def
/// with a constant: `p Op C`, `C Op p`, `!p`, or `p` itself, where `p` may
/// also be read through the storage that latches it (latchedParam()).
static std::optional<PredicateSummary>
comparisonOfParam(const Expr *Value, const FunctionDecl &Def) {
  ASTContext &Ctx = Def.getASTContext();
  auto ParamIndex = [&](const Expr *E) -> std::optional<unsigned> {
    const auto *P = dyn_cast_or_null<ParmVarDecl>(varOf(E));
    if (!P)
      if (const ValueDecl *Storage = latchStorage(E))
        P = latchedParam(Storage, Def);
    if (!P || P->getDeclContext() != &Def)
      return std::nullopt;
    return P->getFunctionScopeIndex();
  };
  Value = skipTransparent(Value);
  PredicateSummary Result;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Value);
      UO && UO->getOpcode() == UO_LNot) {
    Value = UO->getSubExpr();
    Result.Op = BO_EQ;
  } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Value);
             BO && BO->isComparisonOp() && BO->getOpcode() != BO_Cmp) {
    Result.Op = BO->getOpcode();
    if (auto C = constantOf(BO->getRHS(), Ctx)) {
      Value = BO->getLHS();
      Result.C = *C;
    } else if (auto L = constantOf(BO->getLHS(), Ctx)) {
      Value = BO->getRHS();
      Result.C = *L;
      Result.Op = BinaryOperator::reverseComparisonOp(Result.Op);
    } else {
      return std::nullopt;
    }
  }
  auto Index = ParamIndex(Value);
  if (!Index)
    return std::nullopt;
  Result.Param = *Index;
  return Result;
}

/// True when \p Body assigns \p Param, modifies it or takes its address.
static bool changesParam(const Stmt *Body, const ParmVarDecl *Param) {
  bool Changed = false;
  walkStmts(Body, Closures::Enter, [&](const Stmt *S) {
    if (const auto *BO = dyn_cast<BinaryOperator>(S))
      Changed |= BO->isAssignmentOp() && varOf(BO->getLHS()) == Param;
    else if (const auto *UO = dyn_cast<UnaryOperator>(S))
      Changed |=
          (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) &&
          varOf(UO->getSubExpr()) == Param;
    return !Changed;
  });
  return Changed;
}

/// The comparison every return of \p Def makes, if it is always the same.
static std::optional<PredicateSummary>
summarisePredicate(const FunctionDecl &Def) {
  std::optional<PredicateSummary> Common;
  bool Mixed = false;
  walkStmts(Def.getBody(), Closures::Skip, [&](const Stmt *S) {
    const auto *Ret = dyn_cast<ReturnStmt>(S);
    if (!Ret || Mixed)
      return !Mixed;
    auto Returned = comparisonOfParam(Ret->getRetValue(), Def);
    Mixed = !Returned || (Common && (Common->Param != Returned->Param ||
                                     Common->Op != Returned->Op ||
                                     Common->C != Returned->C));
    Common = Returned;
    return !Mixed;
  });
  if (Mixed || !Common ||
      changesParam(Def.getBody(), Def.getParamDecl(Common->Param)))
    return std::nullopt;
  return Common;
}

std::optional<PredicateSummary>
TranslationUnitSummaries::predicate(const FunctionDecl *FD) {
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def || Def->isTemplated() ||
      !Def->getReturnType()->isScalarType() ||
      Def->getASTContext().getSourceManager().isInSystemHeader(
          Def->getLocation()))
    return std::nullopt;
  auto It = Predicates.find(Def);
  if (It != Predicates.end())
    return It->second;
  auto Summary = summarisePredicate(*Def);
  Predicates[Def] = Summary;
  return Summary;
}

bool TranslationUnitSummaries::resetsSigchld(const FunctionDecl *FD,
                                             ASTContext &Ctx) {
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def)
    return false;
  return resetsSigchldIn(*Def, 0, Ctx);
}

bool TranslationUnitSummaries::resetsSigchldSomewhere(const FunctionDecl *FD,
                                                      ASTContext &Ctx) {
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def)
    return false;
  resetsSigchldIn(*Def, 0, Ctx);
  return AnyResets.lookup(Def->getCanonicalDecl());
}

bool TranslationUnitSummaries::resetsSigchldIn(const FunctionDecl &Def,
                                               unsigned Depth,
                                               ASTContext &Ctx) {
  auto [It, New] = Resets.try_emplace(Def.getCanonicalDecl(), false);
  if (!New)
    return It->second; // Known, or being computed (recursion): no reset.
  // The calls that reset, here or in a callee; and whether the body starts
  // a child, on whose side a reset would be the child's own.
  llvm::SmallVector<const CallExpr *, 2> Resetting;
  bool Starts = false;
  walkStmts(Def.getBody(), Closures::Skip, [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    if (!Call)
      return true;
    Starts = Starts || Model->startOf(*Call, Ctx);
    bool Resets = false;
    if (auto Action = sigchldAction(*Model, *Call, Def.getBody(), Ctx)) {
      Resets = Action->Default ||
               (!Action->KernelReaps &&
                handlerReapsNothing(*Model, Action->Handler, Ctx, this));
    } else if (auto Param = paramSignalAction(*Model, *Call, Def,
                                              Def.getBody(), Ctx)) {
      // The signal a parameter names, given SIGCHLD by some call.
      Resets = Param->second.Default &&
               SigchldGiven.count({Def.getCanonicalDecl(), Param->first});
    } else if (const FunctionDecl *Callee = Call->getDirectCallee();
               Callee && Depth < 2) {
      const FunctionDecl *CalleeDef = nullptr;
      if (Callee->hasBody(CalleeDef) && CalleeDef)
        Resets = resetsSigchldIn(*CalleeDef, Depth + 1, Ctx);
    }
    if (Resets)
      Resetting.push_back(Call);
    return true;
  });
  bool Found = !Resetting.empty();
  AnyResets[Def.getCanonicalDecl()] = Found;
  // A function that forks and resets SIGCHLD in the child before exec (as
  // most do) leaves its caller's disposition alone.
  if (Found && Starts)
    if (auto Body = PreparedBody::build(&Def, Def.getBody(), Ctx, *Model,
                                        *this)) {
      auto Child = childSideCalls(*Body);
      Found = llvm::any_of(Resetting,
                           [&](const CallExpr *C) { return !Child.count(C); });
    }
  Resets[Def.getCanonicalDecl()] = Found;
  return Found;
}

//===----------------------------------------------------------------------===//
// Summaries backed by the facts.
//===----------------------------------------------------------------------===//

ParamSummary ProjectSummaries::paramSummary(const FunctionDecl *FD,
                                            unsigned Index, ASTContext &Ctx) {
  ParamSummary Local = TranslationUnitSummaries::paramSummary(FD, Index, Ctx);
  if (Local != ParamSummary::Unknown || !Facts || !FD || FD->hasBody())
    return Local;
  const FunctionFacts *F = Facts->function(usrOf(FD));
  if (!F)
    return Local;
  auto It = F->Params.find(Index);
  return It == F->Params.end() ? Local : It->second;
}

bool ProjectSummaries::resetsSigchld(const FunctionDecl *FD, ASTContext &Ctx) {
  if (TranslationUnitSummaries::resetsSigchld(FD, Ctx))
    return true;
  return factOf(FD, FactResets, &FunctionFacts::ResetsSigchld);
}

bool ProjectSummaries::factOf(const FunctionDecl *FD,
                              llvm::DenseMap<const FunctionDecl *, bool> &Known,
                              bool FunctionFacts::*Flag) const {
  if (!Facts || !FD || FD->hasBody())
    return false;
  auto [It, New] = Known.try_emplace(FD->getCanonicalDecl(), false);
  if (New) {
    const FunctionFacts *F = Facts->function(usrOf(FD));
    It->second = F && F->*Flag;
  }
  return It->second;
}

bool ProjectSummaries::isInferredNoReturn(const FunctionDecl *FD) {
  if (TranslationUnitSummaries::isInferredNoReturn(FD))
    return true;
  return FD && !FD->isNoReturn() &&
         factOf(FD, FactNoReturns, &FunctionFacts::NeverReturns);
}

bool ProjectSummaries::loopsForever(const FunctionDecl *FD) {
  if (TranslationUnitSummaries::loopsForever(FD))
    return true;
  return FD && !FD->isNoReturn() &&
         factOf(FD, FactForevers, &FunctionFacts::LoopsForever);
}

void ProjectSummaries::spawnAttrsElsewhere(const FunctionDecl *FD,
                                           unsigned Index,
                                           SpawnAttrs &Out) const {
  if (!Facts || !FD || FD->hasBody())
    return;
  const FunctionFacts *F = Facts->function(usrOf(FD));
  if (!F)
    return;
  auto It = F->SpawnAttrParams.find(Index);
  if (It == F->SpawnAttrParams.end())
    return;
  Out.Flags |= It->second.Flags;
  Out.OtherGroup |= It->second.OtherGroup;
}

PidGroupEffect ProjectSummaries::pidGroupElsewhere(const FunctionDecl *FD,
                                                  unsigned Index) const {
  if (!Facts || !FD || FD->hasBody())
    return PidGroupEffect::None;
  const FunctionFacts *F = Facts->function(usrOf(FD));
  return F ? F->PidGroupParams.lookup(Index) : PidGroupEffect::None;
}

bool ProjectSummaries::leadsGroupElsewhere(const FunctionDecl *FD,
                                           bool &Session,
                                           bool &Terminal) const {
  if (!Facts || !FD || FD->hasBody())
    return false;
  const FunctionFacts *F = Facts->function(usrOf(FD));
  if (!F || !F->LeadsGroup)
    return false;
  Session = F->LeadsSession;
  Terminal = F->LeadsTerminal;
  return true;
}

const FunctionFacts *ProjectSummaries::calleeFacts(const CallExpr &Call) const {
  const FunctionDecl *FD = Call.getDirectCallee();
  if (!Facts || !FD || FD->hasBody())
    return nullptr;
  return Facts->function(usrOf(FD));
}

bool ProjectSummaries::callReapsAny(const CallExpr &Call, ASTContext &Ctx) {
  if (TranslationUnitSummaries::callReapsAny(Call, Ctx))
    return true;
  const FunctionFacts *F = calleeFacts(Call);
  return F && F->ReapsAny;
}

bool ProjectSummaries::installsOnce(const CallExpr &Call) {
  if (TranslationUnitSummaries::installsOnce(Call))
    return true;
  const FunctionFacts *F = calleeFacts(Call);
  return F && F->InstallsOnce;
}

bool ProjectSummaries::callPollsAny(const CallExpr &Call) {
  const FunctionFacts *F = calleeFacts(Call);
  return F && F->ReapsAny && F->ReapsByPoll;
}

const WrapperSummary *ProjectSummaries::wrapper(const FunctionDecl *FD) const {
  if (const WrapperSummary *Local = TranslationUnitSummaries::wrapper(FD))
    return Local;
  if (!Facts || !FD || FD->hasBody())
    return nullptr;
  auto [It, Inserted] = FactWrappers.try_emplace(FD->getCanonicalDecl());
  if (Inserted) {
    const FunctionFacts *F = Facts->function(usrOf(FD));
    if (F && F->Wrapper)
      It->second = WrapperSummary{*F->Wrapper, FD->getNameAsString()};
  }
  const std::optional<WrapperSummary> &Found = It->second;
  return Found.has_value() ? &Found.value() : nullptr;
}

} // namespace reapcheck
