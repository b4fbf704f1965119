//===--- ReapFlowSigchld.cpp - SIGCHLD and reaps of any child -------------===//
//
// ReapFlow's handling of what takes every child: the reaps of any child
// the body makes (a WNOHANG one only where it runs again), the SIGCHLD
// dispositions it installs (an ignore, a reaping handler, one that runs
// once, a reset), and what holds of them where each child starts.
//
//===----------------------------------------------------------------------===//

#include "flow/Exits.h"
#include "flow/PollRepeats.h"
#include "flow/ReapFlow.h"
#include "flow/SigchldActions.h"
#include "flow/SigchldDispositions.h"
#include "support/AstHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace reapcheck {

bool ReapFlow::bodyReapsAny() {
  if (!BodyReapsAny) {
    BodyReapsAny = false;
    for (const CFGBlock *B : Prepared.cfg())
      for (const CFGElement &E : *B)
        if (auto CS = E.getAs<CFGStmt>())
          if (const auto *Call = dyn_cast<CallExpr>(CS->getStmt()))
            if (reapsAnyHere(*Call))
              BodyReapsAny = true;
  }
  return *BodyReapsAny;
}

bool ReapFlow::reapsAnyHere(const CallExpr &Call) const {
  if (!reapsAny(Model, Summaries, Call, Ctx))
    return false;
  const ParentMap &Parents = Prepared.body().parents();
  if (Model.isPollingWait(Call, Ctx))
    return pollRunsAgain(Call, Parents, Ctx);
  // Another file's function that polls once: any loop runs it again (what
  // it returns is not in view).
  if (Summaries.callPollsAny(Call))
    for (const Stmt *P = Parents.getParent(&Call); P; P = Parents.getParent(P))
      if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(P))
        return true;
  return !Summaries.callPollsAny(Call);
}

void ReapFlow::noteUndoneIgnore(SiteId I) {
  // Ignored before the start, but the body puts SIGCHLD back before it
  // returns (ignoresUndone(), asked at the ignore).
  const SourceManager &SM = Ctx.getSourceManager();
  if (IgnoresUndone && *IgnoresUndone && UndoneIgnoreCall &&
      SM.isBeforeInTranslationUnit(
          SM.getExpansionLoc(UndoneIgnoreCall->getBeginLoc()),
          SM.getExpansionLoc(Sites[I].Start->getBeginLoc())))
    Records[I].Facts.UndoneIgnore = UndoneIgnoreCall;
}

/// What SIGCHLD is where site \p I starts: undone by this body after, taken
/// by this body's own install on every path, reset on some path.
void ReapFlow::noteSigchldAtStart(SiteId I, const LiveSet &Live) {
  noteUndoneIgnore(I);
  // Taken here on every path, at every visit of the start.
  Records[I].Facts.TakenHere =
      Live.sigchldTakenHere() &&
      (!Records[I].TakenSeen || Records[I].Facts.TakenHere);
  Records[I].TakenSeen = true;
  const auto *StartCall = dyn_cast_or_null<CallExpr>(Sites[I].Start);
  const bool Ahead =
      Opts.ReaperAhead && StartCall && Opts.ReaperAhead->count(StartCall);
  if ((Live.sigchldMayBeReset() && !Ahead) ||
      (Opts.UnsetCalls && StartCall && Opts.UnsetCalls->count(StartCall)))
    Records[I].Facts.SigchldReset = true;
}

bool ReapFlow::ignoresUndone() {
  if (!IgnoresUndone) {
    DispositionFacts Found;
    const BodyContext &B = Prepared.body();
    IgnoresUndone = analyseDispositions(B.callable(), B.body(), Ctx, Model,
                                        Summaries, Disposition(), Found) &&
                    Found.Lasting.Uncovered;
    if (*IgnoresUndone)
      walkStmts(B.body(), Closures::Skip, [&](const Stmt *S) {
        const auto *Call = dyn_cast<CallExpr>(S);
        auto Action =
            Call ? sigchldAction(Model, *Call, B.body(), Ctx) : std::nullopt;
        if (Action && Action->KernelReaps)
          UndoneIgnoreCall = Call;
        return !UndoneIgnoreCall;
      });
    // An ignore no path takes to a return (made on a child's side that
    // ends in _exit) is undone nowhere: the returns that have none do not
    // count.
    if (*IgnoresUndone && UndoneIgnoreCall &&
        !returnReachableFrom(*UndoneIgnoreCall))
      IgnoresUndone = false;
  }
  return *IgnoresUndone;
}

/// True when a path from \p Call reaches a return of the body, not ending
/// at a call that does not come back first.
bool ReapFlow::returnReachableFrom(const CallExpr &Call) {
  auto EndsHere = [&](const CFGElement &E) {
    auto CS = E.getAs<CFGStmt>();
    const auto *C = CS ? dyn_cast<CallExpr>(CS->getStmt()) : nullptr;
    return C && Summaries.neverComesBack(C->getDirectCallee());
  };
  llvm::SmallVector<const CFGBlock *, 16> Work;
  llvm::DenseSet<const CFGBlock *> Seen;
  for (const CFGBlock *B : Prepared.cfg()) {
    auto It = llvm::find_if(*B, [&](const CFGElement &E) {
      auto CS = E.getAs<CFGStmt>();
      return CS && CS->getStmt() == &Call;
    });
    if (It == B->end())
      continue;
    if (std::any_of(std::next(It), B->end(), EndsHere))
      return false;
    Work.push_back(B);
    Seen.insert(B);
    break;
  }
  const CFGBlock *Exit = &Prepared.cfg().getExit();
  while (!Work.empty()) {
    const CFGBlock *B = Work.pop_back_val();
    for (const CFGBlock *Succ : B->succs()) {
      if (Succ == Exit && exitPointOf(*B, Prepared.body().body()))
        return true;
      if (Succ && Succ != Exit && Seen.insert(Succ).second &&
          llvm::none_of(*Succ, EndsHere))
        Work.push_back(Succ);
    }
  }
  return false;
}

/// What this process does with SIGCHLD from here on: SIG_IGN or
/// SA_NOCLDWAIT, and the kernel reaps; SIG_DFL or a handler that reaps
/// nothing, and nothing does (whatever the program installed elsewhere); a
/// handler that reaps any child is the program's reaper again.
void ReapFlow::onSigchldAction(const SigchldAction &Action, LiveSet &Live) {
  if (Action.KernelReaps) {
    // An ignore this body undoes on every path before it returns: a child
    // started under it outlives it (the kernel decides at the exit).
    if (ignoresUndone())
      return;
    Live.setSigchldDefault(false);
    Live.setSigchldReset(false);
    Live.setSigchldTaken(true);
    return;
  }
  if (!Action.Default && !Action.Handler) {
    // An unknown value (a saved disposition restored): taken no more.
    Live.setSigchldTaken(false);
    return;
  }
  Live.setSigchldDefault(true);
  Live.setSigchldReset(
      Action.Default ||
      handlerReapsNothing(Model, Action.Handler, Ctx, &Summaries));
  // A handler that reaps every group's children (a group reaper does not
  // reap a child that left it).
  Live.setSigchldTaken(
      Action.Handler && !Live.sigchldMayBeReset() &&
      reapsAnyChild(Model, Action.Handler, Ctx, &Summaries) &&
      !reapsOnlyItsGroup(Model, Action.Handler, Ctx, &Summaries));
  // A handler that runs once (read as SIG_DFL above) reaps the next child.
  if (Action.Once && reapsAnyChild(Model, Action.Once, Ctx, &Summaries) &&
      !reapsOnlyItsGroup(Model, Action.Once, Ctx, &Summaries))
    Live.setSigchldTakenOnce();
}

} // namespace reapcheck
