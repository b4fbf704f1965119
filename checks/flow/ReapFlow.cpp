//===--- ReapFlow.cpp - The transfer function of the reap analysis --------===//

#include "flow/ReapFlow.h"
#include "flow/Exits.h"
#include "flow/SigchldActions.h"
#include "support/AstHelpers.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace reapcheck {

ReapFlow::ReapFlow(const PreparedBody &Prepared, const ProcessApiModel &Model,
                   SummaryProvider &Summaries, const AnalysisOptions &Opts)
    : Prepared(Prepared), Model(Model), Summaries(Summaries), Opts(Opts),
      Ctx(Prepared.body().astContext()), Sites(Prepared.sites()),
      Uses(Prepared.body(), Model, Summaries, Prepared.sites()) {
  if (Opts.CallerGivenKeepsChild)
    Uses.keepWhatCallerIsGiven();
  Records.resize(Sites.size());
  for (SiteId I = 0; I < Sites.size(); ++I) {
    StartFacts &F = Records[I].Facts;
    F.Loc = Sites[I].Loc;
    F.Api = Sites[I].Api;
    F.ReapHint = Sites[I].Spec.ReapHint;
    F.Var = Sites[I].Var;
    F.Discarded = Sites[I].Discarded;
  }
  for (SiteId I = 0; I < Sites.size(); ++I)
    if (Sites[I].IsParameter)
      Records[I].StartBlock = &Prepared.cfg().getEntry();
  if (!Prepared.stable().empty()) {
    for (const CFGBlock *B : Prepared.cfg())
      for (const CFGElement &E : *B)
        if (auto CS = E.getAs<CFGStmt>())
          if (const auto *Start = dyn_cast<Expr>(CS->getStmt()))
            if (auto I = Prepared.siteOfStart(Start))
              if (Records[*I].Assumed.empty())
                Records[*I].Assumed = Prepared.stable().knownAt(*B);
  }
  findOutParams();
  // Where a discarded child is still within reach of a reap-any; a child
  // kept in a local is asked about only where it gets stuck (stuckKept()).
  for (SiteId I = 0; I < Sites.size(); ++I)
    if (Sites[I].Discarded)
      Records[I].EndAhead = endsAhead(I);
}

void ReapFlow::run(bool Explain) {
  if (Explain)
    Trace.emplace(Prepared.cfg().getNumBlockIDs());
  MetStates<LiveSet> Met = solve(Prepared.cfg(), *this);
  if (Opts.DumpFlow)
    dumpStates(Met, *Opts.DumpFlow);
}

std::optional<LiveSet> ReapFlow::seed(const CFGBlock &B) const {
  if (&B != &Prepared.cfg().getEntry())
    return std::nullopt;
  return entryState();
}

bool ReapFlow::join(LiveSet &Into, const LiveSet &From) const {
  LiveSet Before = Into;
  Into |= From;
  return Into != Before;
}

bool ReapFlow::absorbs(const CFGBlock &From, const CFGBlock &To,
                       const LiveSet &Live) {
  if (&To != &Prepared.cfg().getExit())
    return false;
  reachExit(From, Live);
  return true;
}

void ReapFlow::leaves(const CFGBlock &B, const LiveSet &Live) {
  if (Trace)
    Trace->Out[B.getBlockID()] = Live;
}

void ReapFlow::grows(const CFGBlock &From, unsigned SuccIndex,
                     const CFGBlock &To, const CFGBlock &, const LiveSet *Old,
                     const LiveSet &Edge) {
  if (Trace)
    Trace->arrive(From, SuccIndex, To, Old, Edge);
}

LiveSet ReapFlow::entryState() const {
  LiveSet Entry(Sites.size());
  Entry.setSigchldDefault(true);
  Entry.setSigchldReset(Opts.EnteredReset);
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
  Records[I].Facts.EverResolved = true;
  (Reaped ? Records[I].Facts.EverReaped : Records[I].Facts.EverHandedOff) = true;
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
  StartFacts &F = Records[I].Facts;
  F.EverResolved = F.EverStored = true;
  if (!F.Holder) {
    F.Holder = Holder;
    F.StoreLoc = At;
  }
}

void ReapFlow::leak(SiteId I, ExitKind Kind, SourceLocation Loc) {
  StartFacts &F = Records[I].Facts;
  F.LeakKinds |= 1u << unsigned(Kind);
  if (F.Leaked && !Prepared.body().before(Loc, F.LeakLoc))
    return;
  F.Leaked = true;
  F.LeakKind = Kind;
  F.LeakLoc = Loc;
  Records[I].LeakBlock = CurBlock;
}

//===----------------------------------------------------------------------===//
// Elements.
//===----------------------------------------------------------------------===//

// The transfer function, as a table: the class of a statement element ->
// its handler (the first row whose class matches).  A handler returns false
// when the path ends there (an inferred noreturn call).
template <typename T, bool (ReapFlow::*Handler)(const T &, LiveSet &)>
constexpr ReapFlow::TransferRule ReapFlow::rule() {
  return {[](const Stmt &S) { return isa<T>(S); },
          [](ReapFlow &F, const Stmt &S, LiveSet &Live) {
            return (F.*Handler)(cast<T>(S), Live);
          }};
}

const ReapFlow::TransferRule ReapFlow::Rules[] = {
    rule<CXXConstructExpr, &ReapFlow::onConstruct>(),
    rule<CallExpr, &ReapFlow::onCall>(),
    rule<DeclRefExpr, &ReapFlow::onReference>(),
    rule<BinaryOperator, &ReapFlow::onBinary>(),
    rule<UnaryOperator, &ReapFlow::onUnary>(),
    rule<DeclStmt, &ReapFlow::onDeclStmt>(),
    rule<ReturnStmt, &ReapFlow::onReturn>(),
    rule<LambdaExpr, &ReapFlow::onLambda>(),
    rule<BlockExpr, &ReapFlow::onBlockExpr>(),
};

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
    const Stmt &S = *CS->getStmt();
    for (const TransferRule &Rule : Rules)
      if (Rule.Matches(S)) {
        if (!Rule.Apply(*this, S, Live))
          return false;
        break;
      }
  }
  return true;
}

bool ReapFlow::onConstruct(const CXXConstructExpr &Construct, LiveSet &Live) {
  if (auto I = Prepared.siteOfStart(&Construct))
    onStart(*I, Live);
  return true;
}

bool ReapFlow::onReference(const DeclRefExpr &Ref, LiveSet &Live) {
  onUse(Ref, Live);
  return true;
}

bool ReapFlow::onBinary(const BinaryOperator &BO, LiveSet &Live) {
  if (BO.isAssignmentOp())
    onGuardWrite(varOf(BO.getLHS()),
                 BO.getOpcode() == BO_Assign ? BO.getRHS() : nullptr, Live);
  if (BO.getOpcode() == BO_Assign)
    onWrite(varOf(BO.getLHS()), &BO, BO.getRHS(), Live);
  return true;
}

bool ReapFlow::onUnary(const UnaryOperator &UO, LiveSet &Live) {
  if (UO.isIncrementDecrementOp() || UO.getOpcode() == UO_AddrOf)
    onGuardWrite(varOf(UO.getSubExpr()), nullptr, Live);
  return true;
}

bool ReapFlow::onDeclStmt(const DeclStmt &DS, LiveSet &Live) {
  for (const Decl *D : DS.decls())
    if (const auto *V = dyn_cast<VarDecl>(D)) {
      onGuardWrite(V, V->getInit(), Live);
      onWrite(V, &DS, V->getInit(), Live);
    }
  return true;
}

bool ReapFlow::onLambda(const LambdaExpr &Lambda, LiveSet &Live) {
  onClosure(Lambda.getBody(), Live);
  for (const Expr *Init : Lambda.capture_inits())
    onClosure(Init, Live);
  return true;
}

bool ReapFlow::onBlockExpr(const BlockExpr &Block, LiveSet &Live) {
  onClosure(Block.getBody(), Live);
  return true;
}

bool ReapFlow::onCall(const CallExpr &Call, LiveSet &Live) {
  if (auto I = Prepared.siteOfStart(&Call))
    onStart(*I, Live);
  if (reapsAnyHere(Call))
    reapAll(Live);
  if (auto Action = sigchldAction(Model, Call, Prepared.body().body(), Ctx))
    onSigchldAction(*Action, Live);
  else if (bool Resets = Summaries.resetsSigchld(Call.getDirectCallee(), Ctx);
           Resets || Summaries.installsTaker(Call, Ctx) ||
           Summaries.installsInChild(Call)) {
    Live.setSigchldReset(Resets);
    Live.setSigchldTaken(!Resets);
  }
  // arm_reaper(): a one-shot reaper, for the next start.
  if (Summaries.installsOnce(Call))
    Live.setSigchldTakenOnce();
  if (Summaries.loopsForever(Call.getDirectCallee()))
    strandLive(Call, Live);
  return !Summaries.neverComesBack(Call.getDirectCallee());
}

void ReapFlow::reapAll(LiveSet &Live) {
  for (SiteId I = 0; I < Sites.size(); ++I)
    if (Live.isLive(I))
      resolve(I, Live, /*Reaped=*/true);
}

void ReapFlow::onStart(SiteId I, LiveSet &Live) {
  const Site &S = Sites[I];
  if (!Records[I].StartBlock)
    Records[I].StartBlock = CurBlock;
  // SIGCHLD ignored on every path here: the kernel reaps this child.
  if (!Live.sigchldMayBeDefault())
    return;
  noteSigchldAtStart(I, Live);
  // A handler that runs once reaps this child, not the next.
  if (Live.sigchldTakenOnce())
    Live.setSigchldTaken(false);
  // A child object kept in a member or container is its class's business
  // (Boost's destructor reaps it; other classes are not followed there):
  // only raw handles need their owner to reap them.
  if (S.Escaped && S.StoredIn && !S.Object) {
    store(I, S.StoredIn, S.StoreLoc, Live);
    return;
  }
  if (S.Escaped) {
    Records[I].Facts.EverResolved = Records[I].Facts.EverHandedOff = true;
    return;
  }
  if (S.Discarded && S.Object && S.Spec.DestructorReaps) {
    // A temporary child object: its destructor terminates and reaps it at
    // the end of the full-expression.
    Records[I].Facts.EverResolved = Records[I].Facts.EverReaped = true;
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
        Records[Other].Facts.HeldAtEnd = true; // Its holder still has it.
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
bool ReapFlow::onReturn(const ReturnStmt &Ret, LiveSet &Live) {
  if (Opts.CallerGivenKeepsChild)
    return true;
  for (const Expr *Arm : valueArms(Ret.getRetValue())) {
    const VarDecl *V = varOf(Arm);
    if (!V || !Prepared.holders().isHolder(V))
      continue;
    for (SiteId I : Prepared.holders().sitesHeldBy(V))
      if (Live.isLive(I))
        resolve(I, Live, /*Reaped=*/false);
  }
  return true;
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
      Records[I].Facts.HeldAtEnd = true; // Its holder still has it.
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
  const CallExpr *&Kill = Records[I].Facts.Kill;
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
  const Expr *&Detach = Records[I].Facts.Detach;
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

} // namespace reapcheck
