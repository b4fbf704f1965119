//===--- ReapFlowEdges.cpp - ReapFlow's edges, exits and paths -----------===//
//
// ReapFlow's edges: what a branch proves about each site (BranchConditions,
// StableConditions, guards), where a child gets stuck (in a loop, or at a
// call of a function that loops forever), what reaching the function's
// exit means (Exits), the decisions on a leaking path (LeakPath), and the
// dump of the states at the fixed point.
//
//===----------------------------------------------------------------------===//

#include "flow/BranchConditions.h"
#include "flow/ChildSide.h"
#include "flow/Exits.h"
#include "flow/LeakPath.h"
#include "flow/ReapFlow.h"
#include "flow/SigchldDispositions.h"
#include "support/AstHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace reapcheck {

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
          llvm::find(Records[I].OutParams, Out) == Records[I].OutParams.end())
        Records[I].OutParams.push_back(Out);
    return true;
  });
}

/// True when taking branch \p Branch of \p Cond proves that the caller
/// passed NULL for an out-parameter the child would be stored through.
bool ReapFlow::edgeDeclinesChild(SiteId I, const Expr *Cond,
                                 bool Branch) const {
  if (Records[I].OutParams.empty() || !Cond)
    return false;
  const VarDecl *Null = provenNull(Cond, Branch, Ctx);
  return Null && llvm::find(Records[I].OutParams, Null) != Records[I].OutParams.end();
}

/// The blocks from which a path keeping \p S's child can reach a reap-any or
/// an end of the process's run of this function: its exit, a noreturn call
/// of the parent (the child side is pruned on its edge).
/// True when \p B ends the function's hold on every child: the exit, a
/// reap-any, or a call that does not return.
bool ReapFlow::isEnd(const CFGBlock &B) const {
  if (&B == &Prepared.cfg().getExit())
    return true;
  for (const CFGElement &E : B)
    if (auto CS = E.getAs<CFGStmt>())
      if (const auto *Call = dyn_cast<CallExpr>(CS->getStmt()))
        if (reapsAnyHere(*Call) ||
            Summaries.isInferredNoReturn(Call->getDirectCallee()))
          return true;
  return false;
}

llvm::BitVector ReapFlow::endsAhead(SiteId I) const {
  return blocksReaching(
      Prepared.cfg(), [&](const CFGBlock &B) { return isEnd(B); },
      [&](const CFGBlock &From, unsigned Index, const CFGBlock &To) {
        return edgeKeeps(I, From, Index, To);
      });
}

/// True when \p B uses the child of \p I: its local or a copy of it, the
/// start's status variables, or a closure (which may capture one).  A
/// branch that tells the child's side or a failure tests one of them, so
/// its block is such a use.
bool ReapFlow::usesSite(SiteId I, const CFGBlock &B) const {
  const Site &S = Sites[I];
  for (const CFGElement &E : B) {
    auto CS = E.getAs<CFGStmt>();
    const Stmt *St = CS ? CS->getStmt() : nullptr;
    if (isa_and_nonnull<LambdaExpr, BlockExpr>(St))
      return true;
    if (const auto *Ref = dyn_cast_or_null<DeclRefExpr>(St))
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
          V && (S.Holders.count(V) || V == S.StatusVar || V == S.ErrorVar))
        return true;
  }
  return false;
}

/// True when the flow entering \p To has the child of \p I, kept in a
/// local, stuck: no end of the function (shared by every child, found once
/// for the body, without regard to which side of a start a path takes) and
/// no use of the child is within reach.  The region past a block that
/// reaches no end reaches none either, so the search for a use stays in
/// it; each block's answer is kept.  Since the branches that tell a
/// child's side are uses, no path to an end has to be ruled out for them.
bool ReapFlow::stuckKept(SiteId I, const CFGBlock &To) {
  if (!EndsAhead)
    EndsAhead = blocksReaching(
        Prepared.cfg(), [&](const CFGBlock &B) { return isEnd(B); },
        [](const CFGBlock &, unsigned, const CFGBlock &) { return true; });
  if (EndsAhead->test(To.getBlockID()))
    return false;
  auto [Known, New] = Records[I].StuckBlocks.try_emplace(To.getBlockID());
  if (!New)
    return Known->second;
  llvm::SmallVector<const CFGBlock *, 8> Work{&To};
  llvm::DenseSet<const CFGBlock *> Seen{&To};
  bool Used = false;
  while (!Work.empty() && !Used) {
    const CFGBlock *B = Work.pop_back_val();
    Used = usesSite(I, *B);
    for (const CFGBlock *Succ : B->succs())
      if (Succ && Seen.insert(Succ).second)
        Work.push_back(Succ);
  }
  Records[I].StuckBlocks[To.getBlockID()] = !Used;
  return !Used;
}


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
/// (a forking server's `for (;;)`), nothing will ever reap it.  Nor a child
/// kept in a local, once no use of the local is within reach either, while
/// no member or global has it (a daemon's serving loop after a helper).
void ReapFlow::noteStuck(const CFGBlock &From, const CFGBlock &To,
                         const LiveSet &Live) {
  for (SiteId I = 0; I < Sites.size(); ++I) {
    if (!Live.isLive(I))
      continue;
    if (Sites[I].Discarded ? Records[I].EndAhead.test(To.getBlockID())
                           : !Sites[I].Var || Sites[I].IsParameter ||
                                 Live.mayBeStored(I) || !stuckKept(I, To))
      continue;
    SourceLocation At = entryLocOf(To, From);
    if (At.isValid() &&
        (Records[I].StuckAt.isInvalid() || Prepared.body().before(At, Records[I].StuckAt))) {
      Records[I].StuckAt = At;
      Records[I].StuckBlock = &To;
    }
  }
}

std::vector<StartFacts> ReapFlow::takeFacts() {
  // A child that got stuck leaks there, unless it also leaks at a real exit
  // (reported there, as before).
  for (SiteId I = 0; I < Sites.size(); ++I) {
    if (Records[I].Facts.Leaked || Records[I].StuckAt.isInvalid())
      continue;
    CurBlock = Records[I].StuckBlock;
    leak(I, ExitKind::Stuck, Records[I].StuckAt);
  }
  if (Trace)
    for (SiteId I = 0; I < Sites.size(); ++I)
      explainLeak(I, *Trace);
  std::vector<StartFacts> Facts;
  for (SiteRecord &R : Records)
    Facts.push_back(std::move(R.Facts));
  return Facts;
}

/// A call of a function that loops forever (a serving loop): the children
/// still live here stay unreaped for as long as it runs, unless it reaps
/// any child (another file's, by the facts, reaped them already:
/// reapsAnyHere) or a member or a global keeps them.  On a child's side of
/// a start, those live here are the parent's: none is.
void ReapFlow::strandLive(const CallExpr &Call, const LiveSet &Live) {
  if (!Live.anyLive() ||
      reapsAnyChild(Model, Call.getDirectCallee(), Ctx, &Summaries))
    return;
  if (!ChildSideCalls)
    ChildSideCalls = childSideCalls(Prepared);
  if (ChildSideCalls->contains(&Call))
    return;
  for (SiteId I = 0; I < Sites.size(); ++I)
    if (Live.isLive(I) && !Sites[I].IsParameter && !Live.mayBeStored(I) &&
        (Records[I].StuckAt.isInvalid() ||
         Prepared.body().before(Call.getBeginLoc(), Records[I].StuckAt))) {
      Records[I].StuckAt = Call.getBeginLoc();
      Records[I].StuckBlock = CurBlock;
    }
}

bool ReapFlow::transferEdge(const CFGBlock &From, unsigned SuccIndex,
                            const CFGBlock &To, LiveSet &Live) {
  filterEdge(From, SuccIndex, To, Live);
  if (Live.anyLive())
    noteStuck(From, To, Live);
  return true;
}

/// False when the edge \p From -> successor \p SuccIndex (\p To) proves
/// that \p S has no parent-side child.
bool ReapFlow::edgeKeeps(SiteId I, const CFGBlock &From, unsigned SuccIndex,
                         const CFGBlock &To) const {
  const Site &S = Sites[I];
  const Stmt *Term = From.getTerminatorStmt();
  if (!Term)
    return true;
  if (contradictsStart(I, From, SuccIndex))
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
bool ReapFlow::contradictsStart(SiteId I, const CFGBlock &From,
                                unsigned SuccIndex) const {
  if (Prepared.stable().empty() || From.succ_size() != 2 || SuccIndex > 1)
    return false;
  const llvm::BitVector &AtStart = Records[I].Assumed;
  auto Outcome = Prepared.stable().outcomeOf(From, SuccIndex == 0);
  return Outcome && !AtStart.empty() &&
         AtStart.test(StableConditions::opposite(*Outcome));
}

/// True when \p S's child stays live over the edge: not pruned, and not
/// reaped by a WNOHANG poll's result.
bool ReapFlow::edgeCarries(SiteId I, const CFGBlock &From, unsigned SuccIndex,
                           const CFGBlock &To) const {
  if (!edgeKeeps(I, From, SuccIndex, To))
    return false;
  if (From.succ_size() != 2 || SuccIndex > 1)
    return true;
  const Expr *Cond = decidingCondition(From);
  return !Cond ||
         (!edgeReapsByPoll(Sites[I], Cond, SuccIndex == 0, Ctx) &&
          !edgeDeclinesChild(I, Cond, SuccIndex == 0));
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
    } else if (!edgeKeeps(I, From, SuccIndex, To)) {
      Live.clear(I);
    } else if (Outcome) {
      // The other outcome held on every path this child is live on.
      unsigned Other = StableConditions::opposite(*Outcome);
      if (Other < Live.known(I).size() && Live.known(I).test(Other)) {
        // The outcomes are those of the paths that did not store it: a
        // path that did may go on with its holder.
        if (Live.mayBeStored(I))
          Records[I].Facts.HeldAtEnd = true;
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
        Records[I].Facts.HeldAtEnd = true;
      Live.clear(I);
    }
  Live.setNonZero(G, false);
}

void ReapFlow::reachExit(const CFGBlock &From, const LiveSet &Live) {
  CurBlock = &From;
  for (SiteId I = 0; I < Sites.size(); ++I)
    if (Live.isLive(I) && Live.isStored(I))
      Records[I].Facts.HeldAtEnd = true;
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


/// For a child that leaks on some paths only: the decisions that lead there.
void ReapFlow::explainLeak(SiteId I, const FlowTrace &Trace) {
  StartFacts &F = Records[I].Facts;
  if (!F.Leaked || !F.EverResolved || !Records[I].StartBlock || !Records[I].LeakBlock)
    return;
  const CFGBlock *Exit =
      F.LeakKind == ExitKind::Return || F.LeakKind == ExitKind::Throw
          ? &Prepared.cfg().getExit()
          : nullptr;
  F.Path = leakingDecisions(
      Prepared.cfg(), Trace, I, *Records[I].StartBlock, *Records[I].LeakBlock, Exit,
      [&](const CFGBlock &From, unsigned Index, const CFGBlock &To) {
        return edgeKeeps(I, From, Index, To);
      },
      [&](const CFGBlock &From, unsigned Index, const CFGBlock &To) {
        return edgeCarries(I, From, Index, To);
      });
}

void ReapFlow::dumpStates(const MetStates<LiveSet> &Met,
                          llvm::raw_ostream &OS) const {
  const auto *Named = dyn_cast<NamedDecl>(Prepared.body().callable());
  OS << "flow of '" << (Named ? Named->getNameAsString() : "<body>")
     << "': " << Sites.size() << " site(s), entry B"
     << Prepared.cfg().getEntry().getBlockID() << "\n";
  for (unsigned Id = Met.size(); Id-- > 0;) {
    OS << "  B" << Id << ": ";
    if (Met[Id])
      Met[Id]->dump(OS);
    else
      OS << "not reached\n";
  }
}

} // namespace reapcheck
