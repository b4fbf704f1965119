//===--- StartSites.cpp - Where a body starts children --------------------===//

#include "flow/StartSites.h"
#include "support/AstHelpers.h"
#include "flow/Holders.h"
#include "flow/SummaryProvider.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"
#include <algorithm>

using namespace clang;

namespace reapcheck {

//===----------------------------------------------------------------------===//
// The body.
//===----------------------------------------------------------------------===//

BodyContext::BodyContext(const Decl *Callable, Stmt *Body, ASTContext &Ctx)
    : Callable(Callable), Body(Body), Ctx(Ctx), SM(Ctx.getSourceManager()),
      PM(Body) {
  // A constructor's member initialisers are evaluated before its body.
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Callable))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->getInit())
        PM.addStmt(Init->getInit());
  // A block's body is not a child of its BlockExpr: give it parents too.
  walkStmts(Body, Closures::Enter, [this](Stmt *S) {
    if (auto *Block = dyn_cast<BlockExpr>(S))
      PM.addStmt(Block->getBody());
    return true;
  });
}

const Stmt *BodyContext::parentSkipping(const Stmt *S, const Stmt **Child,
                                        bool SkipNegation) const {
  const Stmt *P = PM.getParent(S);
  while (P && (isTransparent(P) ||
               (SkipNegation && isa<UnaryOperator>(P) &&
                cast<UnaryOperator>(P)->getOpcode() == UO_Minus))) {
    S = P;
    P = PM.getParent(P);
  }
  if (Child)
    *Child = S;
  return P;
}

bool BodyContext::isOwnedLocal(const VarDecl *V) const {
  if (!V || !V->hasLocalStorage() || V->getType()->isReferenceType())
    return false;
  return V->getDeclContext() == dyn_cast<DeclContext>(Callable);
}

bool BodyContext::before(SourceLocation A, SourceLocation B) const {
  return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A),
                                      SM.getExpansionLoc(B));
}

//===----------------------------------------------------------------------===//
// What an expression says about a site.
//===----------------------------------------------------------------------===//

bool Site::refersToHandle(const Expr *E) const {
  E = skipTransparent(E);
  if (!E)
    return false;
  if (Start && E == Start)
    return !Spec.ReturnsStatus && !Spec.ResultIsSuccess;
  if (StoredStable && holderOf(E) == StoredIn)
    return true;
  if (const VarDecl *V = varOf(E))
    return Holders.count(V) && !Duplicates.count(V);
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    if (BO->getOpcode() == BO_Assign) {
      // `(a = pid = fork()) == -1`: the value is the innermost one.
      if (refersToHandle(BO->getRHS()))
        return true;
      const VarDecl *V = varOf(BO->getLHS());
      return V && Holders.count(V) && !Duplicates.count(V);
    }
  return false;
}

std::optional<bool> Site::statusSuccessIsNonZero(const Expr *E) const {
  if (!(Spec.ReturnsStatus || Spec.ResultIsSuccess) || !Start)
    return std::nullopt;
  bool Direct = Spec.ResultIsSuccess;
  E = skipTransparent(E);
  if (E == Start)
    return Direct;
  if (const VarDecl *V = varOf(E))
    return V && V == StatusVar ? std::optional<bool>(Direct != StatusNegated)
                               : std::nullopt;
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    if (BO->getOpcode() == BO_Assign && skipTransparent(BO->getRHS()) == Start)
      return Direct;
  return std::nullopt;
}

bool Site::refersToPoll(const Expr *E) const {
  E = skipTransparent(E);
  if (const auto *Call = dyn_cast_or_null<CallExpr>(E))
    return Polls.count(Call);
  if (const VarDecl *V = varOf(E))
    return PollResults.count(V);
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(E))
    return BO->getOpcode() == BO_Assign &&
           (refersToPoll(BO->getRHS()) || refersToPoll(BO->getLHS()));
  return false;
}

//===----------------------------------------------------------------------===//
// Finding and classifying starts.
//===----------------------------------------------------------------------===//

namespace {

class SiteClassifier {
public:
  SiteClassifier(const BodyContext &Body, const ProcessApiModel &Model)
      : Body(Body), Model(Model), Ctx(Body.astContext()) {}

  void classify(Site &S) const {
    const Stmt *P = Body.parentSkipping(S.Start, nullptr);
    if (S.Spec.HandleArg >= 0)
      return classifyOutParameter(S, P);
    // `on ? fork() : -1`: the conditional's value is the handle.
    const Expr *Value = S.Start;
    while (const auto *Cond = dyn_cast_or_null<ConditionalOperator>(P)) {
      if (skipTransparent(Cond->getCond()) == Value)
        break;
      Value = Cond;
      P = Body.parentSkipping(Cond, nullptr);
    }
    // `child_ = fork()` into a std::optional: the optional made of the
    // handle is the value stored.
    if (const auto *Wrap = dyn_cast_or_null<CXXConstructExpr>(P);
        Wrap && Wrap->getNumArgs() == 1 &&
        skipTransparent(Wrap->getArg(0)) == Value &&
        isStdOptional(Wrap->getType())) {
      Value = Wrap;
      P = Body.parentSkipping(Wrap, nullptr);
    }
    if (!P)
      if (const CXXCtorInitializer *Init = memberInitialisedBy(S.Start))
        return escapeInto(S, Init->getMember(), Init->getSourceLocation());
    if (!P) {
      S.Discarded = true;
      return;
    }
    if (const auto *DS = dyn_cast<DeclStmt>(P))
      return classifyDeclaration(S, Value, *DS);
    if (const auto *BO = dyn_cast<BinaryOperator>(P))
      return classifyBinary(S, Value, *BO);
    if (const auto *Call = dyn_cast<CallExpr>(P))
      return classifyArgument(S, Value, *Call);
    S.Discarded = isStatementContext(*P);
    // Otherwise returned, stored in an aggregate, given to a constructor...
    S.Escaped = !S.Discarded;
  }

private:
  /// The constructor's member initialiser whose value is \p Start.
  const CXXCtorInitializer *memberInitialisedBy(const Expr *Start) const {
    const auto *Ctor = dyn_cast<CXXConstructorDecl>(Body.callable());
    if (!Ctor)
      return nullptr;
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->isMemberInitializer() && Init->getInit() &&
          skipTransparent(Init->getInit()) == Start)
        return Init;
    return nullptr;
  }

  static bool isStatementContext(const Stmt &P) {
    if (const auto *Cast = dyn_cast<CastExpr>(&P))
      return Cast->getType()->isVoidType();
    return isa<CompoundStmt, IfStmt, WhileStmt, DoStmt, ForStmt, SwitchStmt,
               UnaryOperator, CaseStmt, DefaultStmt, LabelStmt, AttributedStmt>(
        P);
  }

  /// posix_spawn(&pid, ...): the handle is written through argument N.
  void classifyOutParameter(Site &S, const Stmt *P) const {
    const Expr *Arg = skipTransparent(S.Call->getArg(S.Spec.HandleArg));
    const auto *Addr = dyn_cast<UnaryOperator>(Arg);
    if (Arg->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
      S.Discarded = true;
    else if (Addr && Addr->getOpcode() == UO_AddrOf &&
             Body.isOwnedLocal(varOf(Addr->getSubExpr())))
      S.Var = varOf(Addr->getSubExpr());
    else
      escapeInto(S, holderOf(Arg), Arg->getBeginLoc()); // *out, a field...
    // The status kept in a variable, or its negation (openvswitch's
    // `child_ready = !fork_and_wait_for_startup(&fd, &pid);`).
    const Expr *Status = S.Start;
    if (const auto *Not = dyn_cast_or_null<UnaryOperator>(P);
        Not && Not->getOpcode() == UO_LNot) {
      S.StatusNegated = true;
      Status = Not;
      P = Body.parentSkipping(Not, nullptr);
    }
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(P)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          if (V->getInit() && skipTransparent(V->getInit()) == Status)
            S.StatusVar = V;
    } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P)) {
      if (BO->getOpcode() == BO_Assign &&
          skipTransparent(BO->getRHS()) == Status)
        S.StatusVar = varOf(BO->getLHS());
    }
  }

  void classifyDeclaration(Site &S, const Expr *Value,
                           const DeclStmt &DS) const {
    for (const Decl *D : DS.decls()) {
      const auto *V = dyn_cast<VarDecl>(D);
      if (!V || !V->getInit() || skipTransparent(V->getInit()) != Value)
        continue;
      if (Body.isOwnedLocal(V))
        S.Var = V;
      else
        escapeInto(S, V->hasGlobalStorage() ? V : nullptr, V->getLocation());
    }
    if (!S.Var)
      S.Escaped = true;
  }

  void classifyBinary(Site &S, const Expr *Value,
                      const BinaryOperator &BO) const {
    if (BO.getOpcode() == BO_Assign && skipTransparent(BO.getRHS()) == Value) {
      const VarDecl *V = varOf(BO.getLHS());
      if (Body.isOwnedLocal(V)) {
        S.Var = V;
      } else {
        escapeInto(S, holderOf(BO.getLHS()), BO.getLHS()->getBeginLoc());
        S.StoredStable = S.StoredIn && writtenOnlyAt(*S.StoredIn, BO);
      }
      // `last_child = pid = fork()`: a store further out hands it off too.
      const Stmt *Inner = &BO;
      while (const auto *Outer = dyn_cast_or_null<BinaryOperator>(
                 Body.parentSkipping(Inner, nullptr))) {
        if (Outer->getOpcode() != BO_Assign ||
            skipTransparent(Outer->getRHS()) != Inner)
          break;
        if (!Body.isOwnedLocal(varOf(Outer->getLHS())))
          escapeInto(S, holderOf(Outer->getLHS()),
                     Outer->getLHS()->getBeginLoc());
        Inner = Outer;
      }
      return;
    }
    S.Discarded =
        BO.isComparisonOp() || BO.isLogicalOp() || BO.getOpcode() == BO_Comma;
    S.Escaped = !S.Discarded;
  }

  /// The handle passed straight to a call: the call decides.
  void classifyArgument(Site &S, const Expr *Value,
                        const CallExpr &Call) const {
    for (unsigned I = 0; I < Call.getNumArgs(); ++I) {
      if (skipTransparent(Call.getArg(I)) != Value)
        continue;
      CallRole Role = Model.roleForArg(Call, I, Ctx);
      S.Discarded =
          Role == CallRole::Harmless || Role == CallRole::Signal ||
          (Role == CallRole::Unknown &&
           ProcessApiModel::takesNoOwnership(Call.getDirectCallee(), I, Ctx));
      S.Escaped = !S.Discarded;
      if (!S.Escaped)
        return;
      if (const ValueDecl *Holder = assignedInto(Call))
        escapeInto(S, Holder, Call.getArg(0)->getBeginLoc());
      else
        escapeInto(S, insertedInto(Call), Call.getBeginLoc());
      return;
    }
    S.Escaped = true;
  }

  /// True when the body writes \p Holder only at \p Store (no other
  /// assignment, increment or address taken), or clears it (`= 0`, `= -1`:
  /// login's `child_pid = 0;` once the child is gone).
  bool writtenOnlyAt(const ValueDecl &Holder, const BinaryOperator &Store) const {
    bool Other = false;
    ASTContext &Ctx = Body.astContext();
    walkStmts(Body.body(), Closures::Enter, [&](const Stmt *S) {
      if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
        auto Value = BO->getOpcode() == BO_Assign
                         ? constantOf(BO->getRHS(), Ctx)
                         : std::nullopt;
        Other |= BO != &Store && BO->isAssignmentOp() &&
                 holderOf(BO->getLHS()) == &Holder && !(Value && *Value <= 0);
      }
      else if (const auto *UO = dyn_cast<UnaryOperator>(S))
        Other |= (UO->isIncrementDecrementOp() ||
                  UO->getOpcode() == UO_AddrOf) &&
                 holderOf(UO->getSubExpr()) == &Holder;
      return !Other;
    });
    return !Other;
  }

  /// The handle leaves the function at birth, into \p Holder when that is
  /// a member or static variable that keeps it.
  static void escapeInto(Site &S, const ValueDecl *Holder, SourceLocation At) {
    S.Escaped = true;
    if (Holder) {
      S.StoredIn = Holder;
      S.StoreLoc = At;
    }
  }

  const BodyContext &Body;
  const ProcessApiModel &Model;
  ASTContext &Ctx;
};

} // namespace

/// Describes \p Start when it starts a child; std::nullopt otherwise.
static std::optional<Site> siteOf(const Expr *Start,
                                  const ProcessApiModel &Model,
                                  const SummaryProvider &Summaries,
                                  ASTContext &Ctx) {
  Site S;
  S.Start = Start;
  if (const auto *Call = dyn_cast<CallExpr>(Start)) {
    auto Spec = Model.startOf(*Call, Ctx);
    S.Api = Model.apiName(*Call);
    if (!Spec) {
      const WrapperSummary *W = Summaries.wrapper(Call->getDirectCallee());
      if (!W)
        return std::nullopt;
      Spec = W->Spec;
      S.Api = W->Api;
    }
    S.Call = Call;
    S.Spec = *Spec;
    S.Object = Spec->Object;
    // `&error` given as the error out-parameter: set where the start failed.
    if (Spec->ErrorArg >= 0 &&
        static_cast<unsigned>(Spec->ErrorArg) < Call->getNumArgs())
      if (const auto *Addr = dyn_cast<UnaryOperator>(
              skipTransparent(Call->getArg(Spec->ErrorArg)));
          Addr && Addr->getOpcode() == UO_AddrOf)
        S.ErrorVar = varOf(Addr->getSubExpr());
    // The name itself, after any `ns::` qualifier.
    const Expr *Callee = Call->getCallee()->IgnoreImplicit();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Callee))
      S.Loc = Ref->getLocation();
    else
      S.Loc = Callee->getExprLoc();
    return S;
  }
  const auto *Construct = dyn_cast<CXXConstructExpr>(Start);
  if (!Construct)
    return std::nullopt;
  auto Spec = Model.startOfConstruct(*Construct, S.Api);
  if (!Spec)
    return std::nullopt;
  S.Spec = *Spec;
  S.Object = true;
  S.Loc = Construct->getBeginLoc();
  for (const Expr *Arg : Construct->arguments())
    if (const VarDecl *V = varOf(Arg))
      if (ProcessApiModel::isErrorCode(V->getType()))
        S.ErrorVar = V;
  return S;
}

std::vector<Site> findStartSites(const CFG &Graph, const BodyContext &Body,
                                 const ProcessApiModel &Model,
                                 const SummaryProvider &Summaries,
                                 ArrayRef<const ParmVarDecl *> Params) {
  std::vector<Site> Sites;
  llvm::SmallPtrSet<const Expr *, 8> Seen;
  for (const CFGBlock *B : Graph) {
    for (const CFGElement &E : *B) {
      auto CS = E.getAs<CFGStmt>();
      const auto *Start = CS ? dyn_cast<Expr>(CS->getStmt()) : nullptr;
      if (!Start || !isa<CallExpr, CXXConstructExpr>(Start) ||
          !Seen.insert(Start).second)
        continue;
      if (auto S = siteOf(Start, Model, Summaries, Body.astContext()))
        Sites.push_back(std::move(*S));
    }
  }
  // Source order makes every later choice deterministic.
  std::sort(Sites.begin(), Sites.end(), [&Body](const Site &A, const Site &B) {
    return Body.before(A.Loc, B.Loc);
  });
  SiteClassifier Classifier(Body, Model);
  for (Site &S : Sites)
    Classifier.classify(S);
  for (const ParmVarDecl *Param : Params) {
    Site S;
    S.IsParameter = true;
    S.Var = Param;
    S.Loc = Param->getLocation();
    S.Spec.Kind = Param->getType()->isPointerType() ? HandleKind::Stream
                                                    : HandleKind::Pid;
    Sites.push_back(std::move(S));
  }
  return Sites;
}

} // namespace reapcheck
