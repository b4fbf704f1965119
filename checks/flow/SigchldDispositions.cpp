//===--- SigchldDispositions.cpp - What takes a child first ---------------===//

#include "flow/SigchldDispositions.h"
#include "flow/ReaperRoutine.h"
#include "flow/SigchldMask.h"
#include "flow/PreparedBody.h"
#include "flow/SigchldActions.h"
#include "flow/Solver.h"
#include "flow/SummaryProvider.h"
#include "support/AstHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseMap.h"

using namespace clang;

namespace reapcheck {

bool Disposition::join(const Disposition &From) {
  Disposition Old = *this;
  if (!Ignored)
    Ignored = From.Ignored;
  if (!Reaper) {
    Reaper = From.Reaper;
    Handler = From.Handler;
  }
  if (!ThreadStart) {
    ThreadStart = From.ThreadStart;
    Thread = From.Thread;
  }
  Blocked = Blocked && From.Blocked;
  Reset = Reset || From.Reset;
  ResetAlways = ResetAlways && From.ResetAlways;
  Unset = Unset && From.Unset;
  Covers = Covers || From.Covers;
  Uncovered = Uncovered && From.Uncovered;
  if (!Foreign)
    Foreign = From.Foreign;
  return !(Old == *this);
}

namespace {

class DispositionPass : public SolverHooks<Disposition> {
public:
  using State = Disposition;
  static constexpr Direction Dir = Direction::Forward;

  DispositionPass(const CFG &Graph, const Stmt *Body, ASTContext &Ctx,
                  const ProcessApiModel &Model, SummaryProvider &Summaries,
                  const Disposition &Entry)
      : Graph(Graph), Body(Body), Ctx(Ctx), Model(Model), Summaries(Summaries),
        Entry(Entry), Sets(setsHoldingSigchld(Body, Model, Ctx)) {}

  std::optional<State> seed(const CFGBlock &B) const {
    if (&B != &Graph.getEntry())
      return std::nullopt;
    return Entry;
  }
  bool transferBlock(const CFGBlock &B, State &S) {
    for (const CFGElement &E : B)
      if (auto Elem = E.getAs<CFGStmt>())
        if (const auto *Call = dyn_cast<CallExpr>(Elem->getStmt()))
          if (!onCall(*Call, S))
            return false;
    return !B.hasNoReturnElement();
  }
  bool transferEdge(const CFGBlock &, unsigned, const CFGBlock &,
                    State &) const {
    return true;
  }
  bool join(State &Into, const State &From) const { return Into.join(From); }
  void leaves(const CFGBlock &B, const State &S) {
    if (!Running)
      Running = S;
    else
      Running->join(S);
  }

  /// Set for the last pass: the waits are recorded, once per call.
  DispositionFacts *Record = nullptr;
  /// The join of the states where paths go on: what holds while it runs.
  std::optional<State> Running;
  /// analyseDispositions' Covering and Ahead.
  const llvm::SmallPtrSetImpl<const CallExpr *> *Covering = nullptr;
  const CallSet *Ahead = nullptr;

private:
  /// False when the call does not return.
  bool onCall(const CallExpr &Call, State &S);
  void record(const CallExpr &Call, const State &S);
  void onMask(const CallExpr &Call, State &S) const;

  const CFG &Graph;
  const Stmt *Body;
  ASTContext &Ctx;
  const ProcessApiModel &Model;
  SummaryProvider &Summaries;
  const Disposition Entry;
  SigchldSets Sets;
};

/// The last pass: what holds at \p Call, for the facts.
void DispositionPass::record(const CallExpr &Call, const State &S) {
  if (auto How = Model.specificWaitOf(Call, Ctx)) {
    Record->Waits.push_back({&Call, S});
    Record->How.push_back(*How);
  }
  const FunctionDecl *Callee = Call.getDirectCallee();
  // Nothing reaps for the program here, unless a reaper comes after.
  const bool Nobody =
      (S.Reset || S.Unset) && !(Ahead && Ahead->count(&Call));
  if (S.Unset && Nobody)
    Record->UnsetCalls.insert(&Call);
  const bool Covered = S.Covers && !S.Reset && !S.Unset;
  if (Callee && (Nobody || Covered))
    (Nobody ? Record->CalledReset : Record->CalledCovered)
        .push_back(Callee->getCanonicalDecl());
  if (Callee && Covered)
    Record->CoveredCalls.insert(&Call);
  else if (Callee)
    Record->CalledUncovered.push_back(Callee->getCanonicalDecl());
  if (Callee && S.ResetAlways)
    Record->CalledResetAlways.push_back(Callee->getCanonicalDecl());
}

bool DispositionPass::onCall(const CallExpr &Call, State &S) {
  if (Record)
    record(Call, S);
  const FunctionDecl *Callee = Call.getDirectCallee();
  // A reaper thread runs on, whatever is installed after its start.
  if (const FunctionDecl *Routine = Model.threadRoutine(Call, Ctx))
    if (reapsOverAndOver(Model, Routine, Ctx, &Summaries)) {
      S.ThreadStart = &Call;
      S.Thread = Routine;
    }
  if (auto Action = sigchldAction(Model, Call, Body, Ctx)) {
    S.Unset = false;
    // A saved disposition put back (neither a handler nor a constant) is
    // not taken to be a reset here: that would report what it restores.
    if (Action->KernelReaps || Action->Default || Action->Handler) {
      S.Reset = Action->Default ||
                (!Action->KernelReaps &&
                 handlerReapsNothing(Model, Action->Handler, Ctx, &Summaries));
      S.ResetAlways = S.Reset;
      S.Covers = !S.Reset && (S.Covers || !Covering || Covering->count(&Call));
    }
    // Any handler may reap (through another file's function): only SIG_DFL
    // or a saved disposition put back undoes an install.
    S.Uncovered = !Action->KernelReaps && !Action->Handler;
    // SIG_DFL, a handler that reaps nothing, or a saved disposition put
    // back (taken to be the default): nothing takes the children first.
    S.Ignored = Action->KernelReaps ? &Call : nullptr;
    S.Reaper = nullptr;
    S.Handler = nullptr;
    S.Foreign = nullptr;
    if (!Action->KernelReaps && Action->Handler &&
        reapsAnyOnEveryRun(Model, Action->Handler, Ctx, &Summaries)) {
      S.Reaper = &Call;
      S.Handler = Action->Handler;
    }
  } else if (Covering && Covering->count(&Call)) {
    // A call of a function that runs only in children and installs an
    // ignore or a reaper there (ChildOnlyFunctions): the child's install.
    S.Reset = S.ResetAlways = S.Unset = false;
    S.Covers = true;
    S.Uncovered = false;
  } else if (Summaries.resetsSigchld(Callee, Ctx)) {
    S.Ignored = S.Reaper = nullptr;
    S.Handler = nullptr;
    S.Foreign = nullptr;
    S.Reset = S.ResetAlways = true;
    S.Covers = false;
    S.Uncovered = true;
  } else if (Summaries.installsTaker(Call, Ctx)) {
    // setup() or install_reaper(): the program's cover from here on.
    S.Reset = S.ResetAlways = S.Unset = false;
  } else if (Model.signalSetOp(Call) == SignalSetOp::Mask) {
    onMask(Call, S);
  }
  return !Summaries.neverComesBack(Callee);
}

/// sigprocmask(how, &set, &old): blocks or unblocks SIGCHLD when the set
/// holds it; SIG_SETMASK of a set that does not (a saved mask put back)
/// unblocks it, the body being entered with SIGCHLD unblocked.  A null set
/// changes nothing.
void DispositionPass::onMask(const CallExpr &Call, State &S) const {
  MaskEffect Effect = sigchldMaskEffect(Call, Sets, Model, Ctx);
  if (Effect == MaskEffect::Blocks || Effect == MaskEffect::Brackets)
    S.Blocked = true;
  else if (Effect == MaskEffect::Unblocks || Effect == MaskEffect::Restores ||
           (Effect == MaskEffect::Unknown && Call.getNumArgs() > 0 &&
            constantOf(Call.getArg(0), Ctx)))
    S.Blocked = false;
}

} // namespace

CallSet reaperAheadCalls(const Decl *Callable, Stmt *Body, ASTContext &Ctx,
                         const ProcessApiModel &Model,
                         SummaryProvider &Summaries) {
  CallSet Ahead;
  std::unique_ptr<CFG> Graph = buildBodyCFG(Callable, Body, Ctx);
  if (!Graph)
    return Ahead;
  llvm::DenseMap<const CallExpr *, bool> Installs;
  auto InstallsReaper = [&](const CallExpr &Call) {
    auto [It, New] = Installs.try_emplace(&Call, false);
    if (!New)
      return It->second;
    if (auto Action = sigchldAction(Model, Call, Body, Ctx))
      It->second = !Action->KernelReaps && Action->Handler &&
                   !handlerReapsNothing(Model, Action->Handler, Ctx, &Summaries);
    else
      It->second = Summaries.installsTaker(Call, Ctx) & TakesReaper;
    return It->second;
  };
  auto CallOf = [](const CFGElement &E) -> const CallExpr * {
    auto CS = E.getAs<CFGStmt>();
    return CS ? dyn_cast<CallExpr>(CS->getStmt()) : nullptr;
  };
  llvm::BitVector Reaches = blocksReaching(
      *Graph,
      [&](const CFGBlock &B) {
        return llvm::any_of(B, [&](const CFGElement &E) {
          const CallExpr *Call = CallOf(E);
          return Call && InstallsReaper(*Call);
        });
      },
      [](const CFGBlock &, unsigned, const CFGBlock &) { return true; });
  for (const CFGBlock *B : *Graph) {
    bool After = llvm::any_of(B->succs(), [&](const CFGBlock::AdjacentBlock &S) {
      return S.getReachableBlock() &&
             Reaches[S.getReachableBlock()->getBlockID()];
    });
    for (auto It = B->rbegin(); It != B->rend(); ++It)
      if (const CallExpr *Call = CallOf(*It)) {
        if (After)
          Ahead.insert(Call);
        After = After || InstallsReaper(*Call);
      }
  }
  return Ahead;
}

bool analyseDispositions(
    const Decl *Callable, Stmt *Body, ASTContext &Ctx,
    const ProcessApiModel &Model, SummaryProvider &Summaries,
    const Disposition &Entry, DispositionFacts &Facts,
    const llvm::SmallPtrSetImpl<const CallExpr *> *Covering,
    const CallSet *Ahead) {
  std::unique_ptr<CFG> Graph = buildBodyCFG(Callable, Body, Ctx);
  if (!Graph)
    return false;
  DispositionPass Pass(*Graph, Body, Ctx, Model, Summaries, Entry);
  Pass.Covering = Covering;
  Pass.Ahead = Ahead;
  MetStates<Disposition> Met = solve(*Graph, Pass);
  const auto &AtExit = Met[Graph->getExit().getBlockID()];
  if (AtExit)
    Facts.Lasting = *AtExit;
  else if (Pass.Running)
    Facts.Lasting = *Pass.Running;
  Facts.Lasting.Blocked = false;
  Pass.Record = &Facts;
  for (const CFGBlock *B : *Graph)
    if (Met[B->getBlockID()]) {
      Disposition S = *Met[B->getBlockID()];
      Pass.transferBlock(*B, S);
    }
  return true;
}

} // namespace reapcheck
