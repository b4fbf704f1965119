//===--- ReapFlow.cpp - The transfer function of the reap analysis --------===//

#include "ReapFlow.h"
#include "AstHelpers.h"
#include "SigchldActions.h"
#include "BranchConditions.h"
#include "Exits.h"
#include "LeakPath.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace reapcheck {

ReapFlow::ReapFlow(const PreparedBody &Prepared, const ProcessApiModel &Model,
                   SummaryProvider &Summaries, const AnalysisOptions &Opts)
    : Prepared(Prepared), Model(Model), Summaries(Summaries), Opts(Opts),
      Ctx(Prepared.body().astContext()), Sites(Prepared.sites()),
      Uses(Prepared.body(), Model, Summaries, Prepared.sites()) {
  for (const Site &S : Sites) {
    StartFacts F;
    F.Loc = S.Loc;
    F.Api = S.Api;
    F.ReapHint = S.Spec.ReapHint;
    F.Var = S.Var;
    F.Discarded = S.Discarded;
    Facts.push_back(std::move(F));
  }
  StuckAt.resize(Sites.size());
  StuckBlock.resize(Sites.size());
  LeakBlock.resize(Sites.size());
  StartBlock.resize(Sites.size());
  for (SiteId I = 0; I < Sites.size(); ++I)
    if (Sites[I].IsParameter)
      StartBlock[I] = &Prepared.cfg().getEntry();
  if (!Prepared.stable().empty()) {
    Assumed.resize(Sites.size());
    for (const CFGBlock *B : Prepared.cfg())
      for (const CFGElement &E : *B)
        if (auto CS = E.getAs<CFGStmt>())
          if (const auto *Start = dyn_cast<Expr>(CS->getStmt()))
            if (auto I = Prepared.siteOfStart(Start))
              if (Assumed[*I].empty())
                Assumed[*I] = Prepared.stable().knownAt(*B);
  }
  OutParams.resize(Sites.size());
  findOutParams();
  EndAhead.resize(Sites.size());
  for (SiteId I = 0; I < Sites.size(); ++I)
    if (Sites[I].Discarded)
      EndAhead[I] = endsAhead(Sites[I]);
}

/// `*out = pid` with `out` a pointer parameter: a caller that passes NULL
/// for `out` declines the child (dropbear's `if (ret_pid) *ret_pid = pid;`).
void ReapFlow::findOutParams() {
  const auto *FD = dyn_cast_or_null<FunctionDecl>(Prepared.body().callable());
  if (!FD || llvm::none_of(FD->parameters(), [](const ParmVarDecl *P) {
        return P->getType()->isPointerType();
      }))
    return;
  walkStmts(Prepared.body().body(), Closures::Skip, [&](const Stmt *S) {
    const auto *Assign = dyn_cast<BinaryOperator>(S);
    if (!Assign || Assign->getOpcode() != BO_Assign)
      return true;
    const auto *Deref =
        dyn_cast<UnaryOperator>(Assign->getLHS()->IgnoreParenImpCasts());
    if (!Deref || Deref->getOpcode() != UO_Deref)
      return true;
    const auto *Out = dyn_cast_or_null<ParmVarDecl>(varOf(Deref->getSubExpr()));
    if (!Out)
      return true;
    for (SiteId I = 0; I < Sites.size(); ++I)
      if (Sites[I].refersToHandle(Assign->getRHS()) &&
          llvm::find(OutParams[I], Out) == OutParams[I].end())
        OutParams[I].push_back(Out);
    return true;
  });
}

/// True when taking branch \p Branch of \p Cond proves that the caller
/// passed NULL for an out-parameter the child would be stored through.
bool ReapFlow::edgeDeclinesChild(SiteId I, const Expr *Cond,
                                 bool Branch) const {
  if (OutParams[I].empty() || !Cond)
    return false;
  const VarDecl *Null = provenNull(Cond, Branch, Ctx);
  return Null && llvm::find(OutParams[I], Null) != OutParams[I].end();
}

bool ReapFlow::bodyReapsAny() {
  if (!BodyReapsAny) {
    BodyReapsAny = false;
    for (const CFGBlock *B : Prepared.cfg())
      for (const CFGElement &E : *B)
        if (auto CS = E.getAs<CFGStmt>())
          if (const auto *Call = dyn_cast<CallExpr>(CS->getStmt()))
            if (reapsAny(Model, Summaries, *Call, Ctx))
              BodyReapsAny = true;
  }
  return *BodyReapsAny;
}

/// The blocks from which a path keeping \p S's child can reach a reap-any or
/// an end of the process's run of this function: its exit, a noreturn call
/// of the parent (the child side is pruned on its edge).
llvm::BitVector ReapFlow::endsAhead(const Site &S) const {
  const CFGBlock *Exit = &Prepared.cfg().getExit();
  auto IsEnd = [&](const CFGBlock &B) {
    if (&B == Exit)
      return true;
    for (const CFGElement &E : B)
      if (auto CS = E.getAs<CFGStmt>())
        if (const auto *Call = dyn_cast<CallExpr>(CS->getStmt()))
          if (reapsAny(Model, Summaries, *Call, Ctx) ||
              Summaries.isInferredNoReturn(Call->getDirectCallee()))
            return true;
    return false;
  };
  return blocksReaching(
      Prepared.cfg(), IsEnd,
      [&](const CFGBlock &From, unsigned Index, const CFGBlock &To) {
        return edgeKeeps(S, From, Index, To);
      });
}

std::vector<StartFacts> ReapFlow::takeFacts(const FlowTrace *Trace) {
  // A discarded child that got stuck leaks there, unless it also leaks at a
  // real exit (reported there, as before).
  for (SiteId I = 0; I < Sites.size(); ++I) {
    if (Facts[I].Leaked || StuckAt[I].isInvalid())
      continue;
    CurBlock = StuckBlock[I];
    leak(I, ExitKind::Stuck, StuckAt[I]);
  }
  if (Trace)
    for (SiteId I = 0; I < Sites.size(); ++I)
      explainLeak(I, *Trace);
  return std::move(Facts);
}

/// For a child that leaks on some paths only: the decisions that lead there.
void ReapFlow::explainLeak(SiteId I, const FlowTrace &Trace) {
  StartFacts &F = Facts[I];
  if (!F.Leaked || !F.EverResolved || !StartBlock[I] || !LeakBlock[I])
    return;
  const CFGBlock *Exit =
      F.LeakKind == ExitKind::Return || F.LeakKind == ExitKind::Throw
          ? &Prepared.cfg().getExit()
          : nullptr;
  F.Path = leakingDecisions(
      Prepared.cfg(), Trace, I, *StartBlock[I], *LeakBlock[I], Exit,
      [&](const CFGBlock &From, unsigned Index, const CFGBlock &To) {
        return edgeKeeps(Sites[I], From, Index, To);
      },
      [&](const CFGBlock &From, unsigned Index, const CFGBlock &To) {
        return edgeCarries(Sites[I], From, Index, To);
      });
}

LiveSet ReapFlow::entryState() const {
  LiveSet Entry(Sites.size());
  Entry.setSigchldDefault(true);
  Entry.setGuardCount(Prepared.guards().size());
  for (SiteId I = 0; I < Sites.size(); ++I)
    if (Sites[I].IsParameter) {
      Entry.setLive(I);
      Entry.setKnown(I, Prepared.stable().knownAt(Prepared.cfg().getEntry()));
    }
  return Entry;
}

//===----------------------------------------------------------------------===//
// Facts.
//===----------------------------------------------------------------------===//

void ReapFlow::resolve(SiteId I, LiveSet &Live, bool Reaped) {
  Live.clear(I);
  Facts[I].EverResolved = true;
  (Reaped ? Facts[I].EverReaped : Facts[I].EverHandedOff) = true;
}

void ReapFlow::store(SiteId I, const ValueDecl *Holder, SourceLocation At,
                     LiveSet &Live, bool KeepLive) {
  // A copy kept in a member or static (`child_pid = pid;` for a signal
  // forwarder) leaves the child this function's while it still has its
  // local: a waitpid() through the local after the store reaps it.
  if (KeepLive)
    Live.setStored(I);
  else
    Live.clear(I);
  StartFacts &F = Facts[I];
  F.EverResolved = F.EverStored = true;
  if (!F.Holder) {
    F.Holder = Holder;
    F.StoreLoc = At;
  }
}

void ReapFlow::leak(SiteId I, ExitKind Kind, SourceLocation Loc) {
  StartFacts &F = Facts[I];
  F.LeakKinds |= 1u << unsigned(Kind);
  if (F.Leaked && !Prepared.body().before(Loc, F.LeakLoc))
    return;
  F.Leaked = true;
  F.LeakKind = Kind;
  F.LeakLoc = Loc;
  LeakBlock[I] = CurBlock;
}

//===----------------------------------------------------------------------===//
// Elements.
//===----------------------------------------------------------------------===//

/// Returns false when the block ends the path (an inferred noreturn call).
bool ReapFlow::transferBlock(const CFGBlock &B, LiveSet &Live) {
  CurBlock = &B;
  for (const CFGElement &E : B) {
    if (auto Dtor = E.getAs<CFGAutomaticObjDtor>()) {
      onDestructor(Dtor->getVarDecl(), Live);
      continue;
    }
    auto CS = E.getAs<CFGStmt>();
    if (!CS)
      continue;
    const Stmt *S = CS->getStmt();
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(S)) {
      if (auto I = Prepared.siteOfStart(Construct))
        onStart(*I, Live);
    } else if (const auto *Call = dyn_cast<CallExpr>(S)) {
      if (!onCall(*Call, Live))
        return false;
    } else if (const auto *Ref = dyn_cast<DeclRefExpr>(S)) {
      onUse(*Ref, Live);
    } else if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (BO->isAssignmentOp())
        onGuardWrite(varOf(BO->getLHS()),
                     BO->getOpcode() == BO_Assign ? BO->getRHS() : nullptr,
                     Live);
      if (BO->getOpcode() == BO_Assign)
        onWrite(varOf(BO->getLHS()), BO, BO->getRHS(), Live);
    } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
      if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
        onGuardWrite(varOf(UO->getSubExpr()), nullptr, Live);
    } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D)) {
          onGuardWrite(V, V->getInit(), Live);
          onWrite(V, DS, V->getInit(), Live);
        }
    } else if (const auto *Ret = dyn_cast<ReturnStmt>(S)) {
      onReturn(*Ret, Live);
    } else if (const auto *Lambda = dyn_cast<LambdaExpr>(S)) {
      onClosure(Lambda->getBody(), Live);
      for (const Expr *Init : Lambda->capture_inits())
        onClosure(Init, Live);
    } else if (const auto *Block = dyn_cast<BlockExpr>(S)) {
      onClosure(Block->getBody(), Live);
    }
  }
  return true;
}

bool ReapFlow::onCall(const CallExpr &Call, LiveSet &Live) {
  if (auto I = Prepared.siteOfStart(&Call))
    onStart(*I, Live);
  if (reapsAny(Model, Summaries, Call, Ctx))
    reapAll(Live);
  if (auto Action = sigchldAction(Model, Call, Prepared.body().body(), Ctx))
    if (Action->KernelReaps)
      Live.setSigchldDefault(false);
  return !Summaries.isInferredNoReturn(Call.getDirectCallee());
}

void ReapFlow::reapAll(LiveSet &Live) {
  for (SiteId I = 0; I < Sites.size(); ++I)
    if (Live.isLive(I))
      resolve(I, Live, /*Reaped=*/true);
}

void ReapFlow::onStart(SiteId I, LiveSet &Live) {
  const Site &S = Sites[I];
  if (!StartBlock[I])
    StartBlock[I] = CurBlock;
  // SIGCHLD ignored on every path here: the kernel reaps this child.
  if (!Live.sigchldMayBeDefault())
    return;
  // A child object kept in a member or container is its class's business
  // (Boost's destructor reaps it; other classes are not followed there):
  // only raw handles need their owner to reap them.
  if (S.Escaped && S.StoredIn && !S.Object) {
    store(I, S.StoredIn, S.StoreLoc, Live);
    return;
  }
  if (S.Escaped) {
    Facts[I].EverResolved = Facts[I].EverHandedOff = true;
    return;
  }
  if (S.Discarded && S.Object && S.Spec.DestructorReaps) {
    // A temporary child object: its destructor terminates and reaps it at
    // the end of the full-expression.
    Facts[I].EverResolved = Facts[I].EverReaped = true;
    return;
  }
  if (S.Discarded && !Opts.TrackDiscarded)
    return;
  // A discarded child still live when its start runs again (a loop that
  // forks per connection) leaks there, even in main, whose return would end
  // the process: unless the body reaps any child somewhere (a `while
  // (wait(NULL) > 0)` after the loop).
  if (S.Discarded && Live.isLive(I) && !Live.isStored(I) && !bodyReapsAny())
    leak(I, ExitKind::Overwrite, S.Loc);
  if (S.Var) {
    // Starting into a holder that still holds a child overwrites it.
    for (SiteId Other : Prepared.holders().sitesHeldBy(S.Var)) {
      if (!Live.isLive(Other) || Sites[Other].Var != S.Var)
        continue;
      if (Live.isStored(Other))
        Facts[Other].HeldAtEnd = true; // Its holder still has it.
      else if (Sites[Other].Holders.size() == 1)
        leak(Other, ExitKind::Overwrite, S.Loc);
      Live.clear(Other);
    }
  }
  Live.setLive(I);
  Live.setDetached(I, false);
  Live.startGuards(I);
  if (!Prepared.stable().empty())
    Live.setKnown(I, Prepared.stable().knownAt(*CurBlock));
}

/// `return r < 0 ? r : child;` hands the child to the caller whichever arm
/// was taken: the caller sees a value that may be it.
void ReapFlow::onReturn(const ReturnStmt &Ret, LiveSet &Live) {
  for (const Expr *Arm : valueArms(Ret.getRetValue())) {
    const VarDecl *V = varOf(Arm);
    if (!V || !Prepared.holders().isHolder(V))
      continue;
    for (SiteId I : Prepared.holders().sitesHeldBy(V))
      if (Live.isLive(I))
        resolve(I, Live, /*Reaped=*/false);
  }
}

/// The destructor of an attached Boost child object terminates and reaps it.
void ReapFlow::onDestructor(const VarDecl *V, LiveSet &Live) {
  for (SiteId I : Prepared.holders().sitesHeldBy(V))
    if (Sites[I].Object && Sites[I].Spec.DestructorReaps &&
        Sites[I].Var == V && Live.isLive(I) &&
        !Live.mayBeDetached(I))
      resolve(I, Live, /*Reaped=*/true);
}

void ReapFlow::onWrite(const VarDecl *V, const Stmt *At, const Expr *Source,
                       LiveSet &Live) {
  if (!V || !Prepared.holders().isHolder(V))
    return;
  for (const Expr *Arm : valueArms(Source))
    if (Prepared.siteOfStart(Arm))
      return; // Handled at the start itself.
  for (SiteId I : Prepared.holders().sitesHeldBy(V)) {
    if (!Live.isLive(I) || Sites[I].Var != V || Sites[I].Holders.size() != 1)
      continue;
    if (Live.isStored(I))
      Facts[I].HeldAtEnd = true; // Its holder still has it.
    else
      leak(I, ExitKind::Overwrite, At->getBeginLoc());
    Live.clear(I);
  }
}

/// A guard local is assigned \p Source (null: written some other way, or
/// declared without a value): it is known not to be 0 exactly when the
/// value cannot be, for the state and every live child.
void ReapFlow::onGuardWrite(const VarDecl *V, const Expr *Source,
                            LiveSet &Live) {
  const GuardLocals &Guards = Prepared.guards();
  if (Guards.empty() || !V)
    return;
  if (auto G = Guards.indexOf(V))
    Live.setNonZero(*G, Source && Guards.isNonZero(Source, Live.nonZero()));
}

void ReapFlow::onUse(const DeclRefExpr &Ref, LiveSet &Live) {
  const auto *V = dyn_cast<VarDecl>(Ref.getDecl());
  if (!V || !Prepared.holders().isHolder(V))
    return;
  Use U = Uses.classify(Ref);
  for (SiteId I : Prepared.holders().sitesHeldBy(V))
    if (Live.isLive(I))
      applyUse(I, U, Live);
}

void ReapFlow::applyUse(SiteId I, const Use &U, LiveSet &Live) {
  switch (U.Kind) {
  case UseKind::Reap:
    return resolve(I, Live, /*Reaped=*/true);
  case UseKind::HandOff:
    return resolve(I, Live, /*Reaped=*/false);
  case UseKind::Store:
    if (Sites[I].Object)
      return resolve(I, Live, /*Reaped=*/false);
    return store(I, U.Holder, U.StoreLoc, Live, /*KeepLive=*/true);
  case UseKind::Signal:
    return noteSignal(I, U.Via);
  case UseKind::Fclose:
    return noteFclose(I, U.Via, Live);
  case UseKind::Detach:
    return noteDetach(I, U.Via, Live);
  case UseKind::None:
  case UseKind::Harmless:
  case UseKind::Alias:
  case UseKind::Write:
    return;
  }
}

void ReapFlow::noteSignal(SiteId I, const CallExpr *Via) {
  const CallExpr *&Kill = Facts[I].Kill;
  if (!Kill || Prepared.body().before(Via->getBeginLoc(), Kill->getBeginLoc()))
    Kill = Via;
}

void ReapFlow::noteFclose(SiteId I, const CallExpr *Via, LiveSet &Live) {
  if (Sites[I].Spec.Kind != HandleKind::Stream)
    return;
  if (FcloseSeen.insert(Via).second)
    Fcloses.push_back({Via, Sites[I].Var});
  resolve(I, Live, /*Reaped=*/true);
}

void ReapFlow::noteDetach(SiteId I, const CallExpr *Via, LiveSet &Live) {
  // The destructor no longer reaps; a v2 detach() hands the child to the
  // handle it returns (an alias, see Holders.cpp).
  Live.setDetached(I, true);
  const Expr *&Detach = Facts[I].Detach;
  if (Via && (!Detach || Prepared.body().before(Via->getBeginLoc(),
                                                Detach->getBeginLoc())))
    Detach = Via;
}

/// A closure created here that reaps, hands off or kills a live child does so
/// from this point on: scope guards and watcher threads.
void ReapFlow::onClosure(const Stmt *ClosureBody, LiveSet &Live) {
  walkStmts(ClosureBody, Closures::Enter, [&](const Stmt *S) {
    if (const auto *Call = dyn_cast<CallExpr>(S)) {
      if (reapsAny(Model, Summaries, *Call, Ctx))
        reapAll(Live);
    } else if (const auto *Ref = dyn_cast<DeclRefExpr>(S)) {
      onUse(*Ref, Live);
    }
    return true;
  });
}

//===----------------------------------------------------------------------===//
// Edges and exits.
//===----------------------------------------------------------------------===//

/// Where the flow enters \p B, for a note.
static SourceLocation entryLocOf(const CFGBlock &B, const CFGBlock &From) {
  for (const CFGElement &E : B)
    if (auto CS = E.getAs<CFGStmt>())
      return CS->getStmt()->getBeginLoc();
  if (const Stmt *Term = B.getTerminatorStmt())
    return Term->getBeginLoc();
  if (const Stmt *Term = From.getTerminatorStmt())
    return Term->getBeginLoc();
  return SourceLocation();
}

/// A discarded child can only be reaped by a reap-any: once the flow enters
/// a block from which no reap-any and no end of the function can be reached
/// (a forking server's `for (;;)`), nothing will ever reap it.
void ReapFlow::noteStuck(const CFGBlock &From, const CFGBlock &To,
                         const LiveSet &Live) {
  for (SiteId I = 0; I < Sites.size(); ++I) {
    if (!Live.isLive(I) || !Sites[I].Discarded ||
        EndAhead[I].test(To.getBlockID()))
      continue;
    SourceLocation At = entryLocOf(To, From);
    if (At.isValid() &&
        (StuckAt[I].isInvalid() || Prepared.body().before(At, StuckAt[I]))) {
      StuckAt[I] = At;
      StuckBlock[I] = &To;
    }
  }
}

void ReapFlow::transferEdge(const CFGBlock &From, unsigned SuccIndex,
                            const CFGBlock &To, LiveSet &Live) {
  filterEdge(From, SuccIndex, To, Live);
  if (Live.anyLive())
    noteStuck(From, To, Live);
}

/// False when the edge \p From -> successor \p SuccIndex (\p To) proves
/// that \p S has no parent-side child.
bool ReapFlow::edgeKeeps(const Site &S, const CFGBlock &From,
                         unsigned SuccIndex, const CFGBlock &To) const {
  const Stmt *Term = From.getTerminatorStmt();
  if (!Term)
    return true;
  if (contradictsStart(S, From, SuccIndex))
    return false;
  if (const auto *Switch = dyn_cast<SwitchStmt>(Term)) {
    const auto *Case = dyn_cast_or_null<CaseStmt>(To.getLabel());
    if (!Case || !Switch->getCond())
      return true;
    auto Low = constantOf(Case->getLHS(), Ctx);
    if (!Low)
      return true;
    int64_t High = *Low;
    if (Case->getRHS())
      if (auto H = constantOf(Case->getRHS(), Ctx))
        High = *H;
    return caseMayKeep(S, Switch->getCond(), *Low, High);
  }
  if (From.succ_size() != 2 || SuccIndex > 1)
    return true;
  const Expr *Cond = decidingCondition(From);
  return !Cond || edgeMayKeep(S, Cond, SuccIndex == 0, Ctx, &Summaries);
}

/// True when the edge takes the other outcome of a stable condition than
/// the one that held where \p S started: no path of its child goes there.
bool ReapFlow::contradictsStart(const Site &S, const CFGBlock &From,
                                unsigned SuccIndex) const {
  if (Assumed.empty() || From.succ_size() != 2 || SuccIndex > 1)
    return false;
  const llvm::BitVector &AtStart = Assumed[&S - Sites.data()];
  auto Outcome = Prepared.stable().outcomeOf(From, SuccIndex == 0);
  return Outcome && !AtStart.empty() &&
         AtStart.test(StableConditions::opposite(*Outcome));
}

/// True when \p S's child stays live over the edge: not pruned, and not
/// reaped by a WNOHANG poll's result.
bool ReapFlow::edgeCarries(const Site &S, const CFGBlock &From,
                           unsigned SuccIndex, const CFGBlock &To) const {
  if (!edgeKeeps(S, From, SuccIndex, To))
    return false;
  if (From.succ_size() != 2 || SuccIndex > 1)
    return true;
  const Expr *Cond = decidingCondition(From);
  return !Cond || (!edgeReapsByPoll(S, Cond, SuccIndex == 0, Ctx) &&
                   !edgeDeclinesChild(&S - Sites.data(), Cond, SuccIndex == 0));
}

void ReapFlow::filterEdge(const CFGBlock &From, unsigned SuccIndex,
                          const CFGBlock &To, LiveSet &Live) {
  if (!From.getTerminatorStmt())
    return;
  const Expr *Cond = From.succ_size() == 2 && SuccIndex <= 1
                         ? decidingCondition(From)
                         : nullptr;
  if (Cond && !Prepared.guards().empty())
    filterGuardEdge(*Cond, SuccIndex == 0, Live);
  if (!Live.anyLive())
    return;
  std::optional<unsigned> Outcome;
  if (Cond && !Prepared.stable().empty())
    Outcome = Prepared.stable().outcomeOf(From, SuccIndex == 0);
  for (SiteId I = 0; I < Sites.size(); ++I) {
    if (!Live.isLive(I))
      continue;
    if (Cond && edgeReapsByPoll(Sites[I], Cond, SuccIndex == 0, Ctx)) {
      resolve(I, Live, /*Reaped=*/true);
    } else if (edgeDeclinesChild(I, Cond, SuccIndex == 0)) {
      resolve(I, Live, /*Reaped=*/false);
    } else if (!edgeKeeps(Sites[I], From, SuccIndex, To)) {
      Live.clear(I);
    } else if (Outcome) {
      // The other outcome held on every path this child is live on.
      unsigned Other = StableConditions::opposite(*Outcome);
      if (Other < Live.known(I).size() && Live.known(I).test(Other)) {
        // The outcomes are those of the paths that did not store it: a
        // path that did may go on with its holder.
        if (Live.mayBeStored(I))
          Facts[I].HeldAtEnd = true;
        Live.clear(I);
      } else
        Live.addKnown(I, *Outcome);
    }
  }
}

/// An edge testing a guard local against 0: where it is 0, the children it
/// guarded since their start are not on this path.
void ReapFlow::filterGuardEdge(const Expr &Cond, bool Branch, LiveSet &Live) {
  auto Test = Prepared.guards().zeroTest(&Cond);
  if (!Test)
    return;
  auto [G, NonZeroWhenTrue] = *Test;
  if (Branch == NonZeroWhenTrue)
    return Live.setNonZero(G, true);
  for (SiteId I = 0; I < Sites.size(); ++I)
    if (Live.isLive(I) && Live.isGuardedBy(I, G)) {
      if (Live.mayBeStored(I))
        Facts[I].HeldAtEnd = true;
      Live.clear(I);
    }
  Live.setNonZero(G, false);
}

void ReapFlow::reachExit(const CFGBlock &From, const LiveSet &Live) {
  CurBlock = &From;
  for (SiteId I = 0; I < Sites.size(); ++I)
    if (Live.isLive(I) && Live.isStored(I))
      Facts[I].HeldAtEnd = true;
  if (Opts.ExitsAreProcessExits)
    return;
  auto Exit = exitPointOf(From, Prepared.body().body());
  if (!Exit)
    return;
  for (SiteId I = 0; I < Sites.size(); ++I) {
    if (!Live.isLive(I) || Live.isStored(I))
      continue;
    // Unwinding runs the destructor of an attached child object.
    if (Exit->Kind == ExitKind::Throw && Sites[I].Object &&
        Sites[I].Spec.DestructorReaps && !Live.mayBeDetached(I))
      continue;
    leak(I, Exit->Kind, Exit->Loc);
  }
}

} // namespace reapcheck
