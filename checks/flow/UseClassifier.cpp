//===--- UseClassifier.cpp - What one use of a holder does ----------------===//

#include "flow/UseClassifier.h"
#include "support/AstHelpers.h"
#include "flow/Holders.h"
#include "flow/SummaryProvider.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace reapcheck {

Use UseClassifier::classify(const DeclRefExpr &Ref) {
  auto It = Cache.find(&Ref);
  if (It != Cache.end())
    return It->second;
  Use Result = compute(Ref);
  Cache[&Ref] = Result;
  return Result;
}

Use UseClassifier::compute(const DeclRefExpr &Ref) { return computeAt(Ref); }

/// What the use of the handle's value \p Ref (the reference itself, or an
/// expression encoding it) does.
Use UseClassifier::computeAt(const Expr &Ref) {
  const Stmt *Child = nullptr;
  const Stmt *P = Body.parentSkipping(&Ref, &Child);
  // kill(-pid, ...) signals the process group the child leads.
  const Stmt *NegChild = nullptr;
  const Stmt *NegP = Body.parentSkipping(&Ref, &NegChild,
                                         /*SkipNegation=*/true);
  if (isa_and_nonnull<CallExpr>(NegP) && !isa_and_nonnull<CallExpr>(P)) {
    P = NegP;
    Child = NegChild;
  }
  if (!P)
    return {};
  if (const Expr *Whole = carrierOf(*P, Child))
    return computeAt(*Whole);
  if (const auto *Call = dyn_cast<CallExpr>(P)) {
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (Call->getArg(I) == Child)
        return ofArgument(*Call, I);
    return {}; // The callee, not an argument.
  }
  if (std::optional<Use> Stored = ofPair(*P))
    return *Stored;
  if (CallerGivenKeep && isa<ReturnStmt>(P))
    return {UseKind::Harmless};
  // Stored, returned, or used in a way only an instantiation can tell.
  if (isa<CXXConstructExpr, InitListExpr, ReturnStmt, CXXThrowExpr,
          CoreturnStmt, CXXNewExpr, CXXUnresolvedConstructExpr, ParenListExpr>(
          P) ||
      (isa<Expr>(P) && cast<Expr>(P)->isTypeDependent()))
    return {UseKind::HandOff};
  if (const auto *BO = dyn_cast<BinaryOperator>(P))
    return ofAssignment(*BO, Child);
  if (const auto *DS = dyn_cast<DeclStmt>(P))
    return ofDeclaration(*DS, Child);
  if (const auto *UO = dyn_cast<UnaryOperator>(P))
    return ofAddressOf(*UO);
  if (const auto *Member = dyn_cast<MemberExpr>(P))
    return ofMember(*Member);
  if (isa<LambdaExpr>(P))
    return {UseKind::None}; // A capture: judged where the closure is created.
  return {};
}

/// The expression \p P, the parent of the handle's \p Child, passes the
/// handle on to, or null.
const Expr *UseClassifier::carrierOf(const Stmt &P, const Stmt *Child) const {
  // `p->pid = parent ? pid : getpid();`, `return r < 0 ? r : pid;`: an arm
  // of a conditional expression is used as the whole expression is.
  if (const auto *Cond = dyn_cast<AbstractConditionalOperator>(&P))
    return Child != Cond->getCond() ? Cond : nullptr;
  // `child_ = pid` into a std::optional that operator= takes by value: the
  // optional made of the pid carries it, as `child_ = fork()` does.
  if (const auto *Wrap = dyn_cast<CXXConstructExpr>(&P))
    return Wrap->getNumArgs() == 1 && Wrap->getArg(0) == Child &&
                   isStdOptional(Wrap->getType())
               ? Wrap
               : nullptr;
  // `*c` of a std::optional local that holds the child is the child.
  if (const auto *Deref = dyn_cast<CXXOperatorCallExpr>(&P))
    return Deref->getOperator() == OO_Star && Deref->getNumArgs() == 1 &&
                   Deref->getArg(0) == Child &&
                   isStdOptional(Deref->getArg(0)->getType())
               ? Deref
               : nullptr;
  const auto *Arith = dyn_cast<BinaryOperator>(&P);
  if (!Arith || !Arith->isAdditiveOp())
    return nullptr;
  // `pid - 0` (dovecot's `pid - CALLBACK_TYPECHECK(...)`, a macro's type
  // check that folds to 0) is the pid itself.
  if (skipZeroOffset(Arith, Body.astContext()) ==
      skipTransparent(cast<Expr>(Child)))
    return Arith;
  // A pid encoded into a pointer (dovecot's `POINTER_CAST(pid)`, `(void
  // *)(base + pid)`) carries the child wherever that pointer goes: a key
  // inserted into a table.
  const Stmt *Below = nullptr;
  Body.parentSkipping(Arith, &Below);
  const auto *Encoded = dyn_cast_or_null<Expr>(Below);
  return Encoded && Encoded->getType()->isPointerType() ? Arith : nullptr;
}

/// The handle as argument \p Index of the overloaded operator \p Op.
Use UseClassifier::ofOperatorArgument(const CXXOperatorCallExpr &Op,
                                      unsigned Index) {
  switch (indexUse(Op, Index)) {
  case IndexUse::Key: // `jobs_[pid] = job`: the map keeps the pid.
    if (const ValueDecl *Holder = holderOf(Op.getArg(0)))
      return Use::store(Holder, Op.getArg(0)->getBeginLoc());
    return {UseKind::HandOff};
  case IndexUse::Position: // `seen_[pid]` of a vector.
    return {UseKind::Harmless};
  case IndexUse::NotIndex:
    break;
  }
  if (const ValueDecl *Holder = Index == 1 ? assignedInto(Op) : nullptr)
    return Use::store(Holder, Op.getArg(0)->getBeginLoc()); // `child_ = pid`
  // `c = pid` into a std::optional local: another name for the child;
  // `c` itself is written.
  if (const VarDecl *To = varOf(Op.getArg(0));
      Op.getOperator() == OO_Equal && To && To->hasLocalStorage() &&
      !To->getType()->isReferenceType() && isStdOptional(To->getType()))
    return {Index == 0 ? UseKind::Write : UseKind::Alias};
  OverloadedOperatorKind OK = Op.getOperator();
  bool Stores = OK == OO_Equal || OK == OO_Subscript || OK == OO_Call;
  return {Stores ? UseKind::HandOff : UseKind::Harmless};
}

Use UseClassifier::ofArgument(const CallExpr &Call, unsigned Index) {
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(&Call))
    return ofOperatorArgument(*Op, Index);
  ASTContext &Ctx = Body.astContext();
  switch (Model.roleForArg(Call, Index, Ctx)) {
  case CallRole::Reap:
    return {UseKind::Reap};
  case CallRole::Signal:
    return {UseKind::Signal, &Call};
  case CallRole::HandOff:
    return {UseKind::HandOff};
  case CallRole::Fclose:
    return {UseKind::Fclose, &Call};
  case CallRole::Poll: // Reaps on the edges where its result is not 0.
  case CallRole::Harmless:
  case CallRole::ReapAny:
  case CallRole::SigchldIgnore:
    return {UseKind::Harmless};
  case CallRole::Start:
  case CallRole::Unknown:
    break;
  }
  if (const ValueDecl *Holder = insertedInto(Call))
    return Use::store(Holder, Call.getBeginLoc());
  const FunctionDecl *Callee = Call.getDirectCallee();
  if (Callee && Callee->getIdentifier() && Callee->getName() == "make_pair")
    if (std::optional<Use> Stored = ofPair(Call))
      return *Stored;
  if (ProcessApiModel::takesNoOwnership(Callee, Index, Ctx))
    return {UseKind::Harmless};
  switch (Summaries.paramSummary(Callee, Index, Ctx)) {
  case ParamSummary::Reaps:
    return {UseKind::Reap};
  case ParamSummary::Harmless:
    return {UseKind::Harmless};
  case ParamSummary::Unknown:
    break;
  }
  return {UseKind::HandOff};
}

/// `kids_.insert({pid, 0})`, `kids_.push_back(std::make_pair(pid, 0))`: a
/// std::pair made of the child and passed straight to a call that inserts
/// it into a holder is stored there.
std::optional<Use> UseClassifier::ofPair(const Stmt &S) {
  const auto *Pair = dyn_cast<Expr>(&S);
  if (!isa<CXXConstructExpr, InitListExpr, CallExpr>(S) ||
      !isStdPair(Pair->getType()))
    return std::nullopt;
  const auto *Call =
      dyn_cast_or_null<CallExpr>(Body.parentSkipping(Pair, nullptr));
  const ValueDecl *Holder = Call ? insertedInto(*Call) : nullptr;
  if (!Holder)
    return std::nullopt;
  return Use::store(Holder, Call->getBeginLoc());
}

Use UseClassifier::ofAssignment(const BinaryOperator &BO, const Stmt *Child) {
  if (BO.getOpcode() != BO_Assign)
    return {};
  if (Child == BO.getLHS())
    return {UseKind::Write};
  const VarDecl *To = varOf(BO.getLHS());
  if (To && To->hasLocalStorage() && !To->getType()->isReferenceType())
    return {UseKind::Alias};
  if (const ValueDecl *Holder = holderOf(BO.getLHS()))
    return Use::store(Holder, BO.getLHS()->getBeginLoc());
  if (CallerGivenKeep)
    if (const auto *Deref = dyn_cast<UnaryOperator>(skipTransparent(BO.getLHS()));
        Deref && Deref->getOpcode() == UO_Deref &&
        isa_and_nonnull<ParmVarDecl>(varOf(Deref->getSubExpr())))
      return {UseKind::Harmless};
  return {UseKind::HandOff}; // *out, a local array element...
}

Use UseClassifier::ofDeclaration(const DeclStmt &DS, const Stmt *Child) {
  Use Result;
  for (const Decl *D : DS.decls())
    if (const auto *V = dyn_cast<VarDecl>(D))
      if (V->getInit() == Child)
        Result.Kind = (V->hasLocalStorage() || V->getType()->isReferenceType())
                          ? UseKind::Alias
                          : UseKind::HandOff;
  return Result;
}

Use UseClassifier::ofAddressOf(const UnaryOperator &UO) {
  if (UO.getOpcode() != UO_AddrOf)
    return {};
  // posix_spawn(&pid, ...) at its own start site is not a hand-off.
  const Stmt *AddrChild = nullptr;
  const auto *Call =
      dyn_cast_or_null<CallExpr>(Body.parentSkipping(&UO, &AddrChild));
  if (!Call)
    return {UseKind::HandOff};
  for (const Site &S : Sites)
    if (S.Call == Call && S.Spec.HandleArg >= 0 &&
        Call->getArg(S.Spec.HandleArg) == AddrChild)
      return {UseKind::None};
  // `apr_proc_wait(&proc, ...)`: a call whose row takes the handle by
  // address uses it as the row says.
  for (unsigned I = 0; I < Call->getNumArgs(); ++I)
    if (Call->getArg(I) == AddrChild && Model.takesHandleByAddress(*Call, I))
      return ofArgument(*Call, I);
  return {UseKind::HandOff};
}

Use UseClassifier::ofMember(const MemberExpr &Member) {
  // c.wait(), c.detach(), c.id() on a child object.
  const auto *Method = dyn_cast<CXXMethodDecl>(Member.getMemberDecl());
  if (!Method || !Method->getIdentifier())
    return {};
  const auto *Call =
      dyn_cast_or_null<CallExpr>(Body.parentSkipping(&Member, nullptr));
  switch (Model.memberEffect(*Method, Call, Body.astContext())) {
  case ProcessApiModel::MemberEffect::Reap:
    return {UseKind::Reap};
  case ProcessApiModel::MemberEffect::Detach:
    return {UseKind::Detach, Call};
  case ProcessApiModel::MemberEffect::Kill:
    if (Call)
      return {UseKind::Signal, Call};
    break;
  case ProcessApiModel::MemberEffect::HandOff:
    return {UseKind::HandOff};
  case ProcessApiModel::MemberEffect::Poll: // Reaps where its result says.
    return {UseKind::Harmless};
  case ProcessApiModel::MemberEffect::Other:
    break;
  }
  return {};
}

} // namespace reapcheck
