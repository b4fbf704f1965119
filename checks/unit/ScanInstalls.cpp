//===--- ScanInstalls.cpp - Whose SIGCHLD install each one is -------------===//
//
// TranslationUnitScan's judgement of the unit's ignores and handler
// installs: the unit's (for the program), or only a child's (made on the
// child's side of a start, or in a function that runs only in children),
// or undone before its function returns; and the calls after which a
// child's own install holds.
//
//===----------------------------------------------------------------------===//

#include "unit/TranslationUnitScan.h"
#include "flow/ChildSide.h"
#include "flow/ReapAnalysis.h"
#include "flow/SigchldDispositions.h"
#include "support/AstHelpers.h"
#include "clang/AST/ASTContext.h"

using namespace clang;

namespace reapcheck {

bool TranslationUnitScan::runsInChildOnly(const CallExpr &At,
                                          const Decl *Installer, Stmt *Body) {
  if (!Installer || !Body)
    return false;
  const PreparedBody *Prepared =
      this->Prepared.get(Installer, Body, *Ctx, Model, Summaries);
  return Prepared && childSideCalls(*Prepared).contains(&At);
}

void TranslationUnitScan::noteAction(const SigchldAction &Action,
                                     const Decl *Installer, const CallExpr &At,
                                     Stmt *Body) {
  // Installed only in a child this function started: that child's, not
  // the unit's (the functions it calls run covered, InheritedDispositions).
  // So is one its function undoes before returning: it covers the calls
  // made while it holds (not the function's own starts: ReapFlow).
  bool Covers = Action.KernelReaps || Action.Handler;
  if (Covers && (runsInChildOnly(At, Installer, Body) ||
                 !installLasts(Installer, At, Body)))
    return applyAction(Action, Installer, At, /*Scoped=*/true);
  // Whether the installer runs only in children is known once every start
  // of the unit is (resolveInstalls()).
  const auto *FD = dyn_cast_or_null<FunctionDecl>(Installer);
  if (Covers && FD && !FD->isMain())
    return Pending.push_back({Action, FD, &At});
  applyAction(Action, Installer, At, /*Scoped=*/false);
}

bool TranslationUnitScan::installLasts(const Decl *Installer,
                                       const CallExpr &At, Stmt *Body) {
  // Only an install the flow reads itself can be seen undone (not one
  // through a helper given a signal mask).
  auto Direct = sigchldAction(Model, At, Body, *Ctx);
  if (!Installer || !Body || !Direct ||
      !(Direct->KernelReaps || Direct->Handler))
    return true;
  auto [It, New] = Lasts.try_emplace(Installer, true);
  if (New) {
    DispositionFacts Found;
    if (analyseDispositions(Installer, Body, *Ctx, Model, Summaries,
                            Disposition(), Found))
      It->second = !Found.Lasting.Uncovered;
  }
  return It->second;
}

void TranslationUnitScan::resolveInstalls() {
  for (const auto &[At, Routine] : ThreadStarts)
    resolveThreadStart(*At, *Routine);
  ThreadStarts.clear();
  for (const PendingInstall &P : Pending) {
    bool ChildOnly = runsOnlyInChildren(P.Installer);
    applyAction(P.Action, P.Installer, *P.At, ChildOnly);
    // An ignore, or a handler that reaps any child of every group, the
    // same as ReapFlow reads an install made inline.
    if (ChildOnly)
      noteChildOnlyCalls(
          *P.Installer,
          P.Action.KernelReaps ||
              (P.Action.Handler &&
               reapcheck::reapsAnyChild(Model, P.Action.Handler, *Ctx, &Summaries) &&
               !reapcheck::reapsOnlyItsGroup(Model, P.Action.Handler, *Ctx, &Summaries)));
  }
  Pending.clear();
}

bool TranslationUnitScan::runsOnlyInChildren(const Decl *Callable) {
  const auto *FD = dyn_cast_or_null<FunctionDecl>(Callable);
  if (!FD || FD->isMain())
    return false;
  if (Facts && Facts->runsOnlyInChildren(usrOf(FD)))
    return true;
  return childOnlyFunctions().contains(FD);
}

const ChildOnlyFunctions &TranslationUnitScan::childOnlyFunctions() {
  if (!ChildOnly)
    ChildOnly.emplace(
        *Ctx, [&](const FunctionDecl &Caller) { return startsChildren(Caller); },
        [&](const FunctionDecl &Caller, const CallExpr &Call) {
          return isChildSideCall(Caller, Call);
        });
  return *ChildOnly;
}

bool TranslationUnitScan::startsChildren(const FunctionDecl &FD) const {
  return Callables.contains(&FD) ||
         (FD.getDefinition() && Callables.contains(FD.getDefinition()));
}

bool TranslationUnitScan::isChildSideCall(const FunctionDecl &Caller,
                                          const CallExpr &Call) {
  const FunctionDecl *Def = Caller.getDefinition();
  if (!Def || !startsChildren(*Def))
    return false;
  auto [It, New] = ChildSideCache.try_emplace(Def);
  if (New)
    if (const PreparedBody *Body =
            Prepared.get(Def, BodyOf.lookup(Def), *Ctx, Model, Summaries))
      It->second = childSideCalls(*Body);
  return It->second.contains(&Call);
}

void TranslationUnitScan::noteChildOnlyCalls(const FunctionDecl &Installer,
                                             bool Takes) {
  llvm::SmallVector<const FunctionDecl *, 4> Work{&Installer};
  llvm::SmallPtrSet<const FunctionDecl *, 4> Seen{&Installer};
  while (!Work.empty()) {
    const FunctionDecl *Callee = Work.pop_back_val();
    for (const auto &[Call, Caller] : childOnlyFunctions().callsOf(Callee)) {
      if (!Caller)
        continue;
      ScopedInstalls.push_back({Caller, Call});
      // What the calling child starts after it is the kernel's or that
      // handler's (ReapFlow), as after an install made inline.
      if (Takes)
        Summaries.addChildInstallCall(*Call);
      if (runsOnlyInChildren(Caller) && Seen.insert(Caller).second)
        Work.push_back(Caller);
    }
  }
}

void TranslationUnitScan::applyAction(const SigchldAction &Action,
                                      const Decl *Installer, const CallExpr &At,
                                      bool Scoped) {
  if (Scoped)
    ScopedInstalls.push_back({Installer, &At});
  else if (Action.KernelReaps ||
           (Action.Handler &&
            reapsAnyOnEveryRun(Model, Action.Handler, *Ctx, &Summaries)))
    Takers.push_back({&At, Action.KernelReaps, Action.Handler, Installer});
  IgnoresSigchld |= Action.KernelReaps && !Scoped;
  if (Action.KernelReaps && !Scoped && Installer &&
      llvm::find(Ignorers, Installer) == Ignorers.end())
    Ignorers.push_back(Installer);
  if (!Scoped && llvm::find(CoveringInstallers, Installer) ==
                        CoveringInstallers.end())
    CoveringInstallers.push_back(Installer);
  // A one-shot reaper (read as SIG_DFL) reaps the next child its
  // installer's callers start (ReapFlow).
  const auto *OnceIn = dyn_cast_or_null<FunctionDecl>(Installer);
  if (Action.Once && OnceIn && !OnceIn->isMain() &&
      reapcheck::reapsAnyChild(Model, Action.Once, *Ctx, &Summaries) &&
      !reapcheck::reapsOnlyItsGroup(Model, Action.Once, *Ctx, &Summaries))
    Summaries.addOnceInstaller(*OnceIn);
  // What follows a call of the installer runs covered (the order along
  // main, InheritedDispositions).
  const auto *Function = dyn_cast_or_null<FunctionDecl>(Installer);
  if (!Scoped &&
      (Action.KernelReaps ||
       (Action.Handler &&
        !handlerReapsNothing(Model, Action.Handler, *Ctx, &Summaries))))
    Summaries.addTakerInstall(Function, At,
                              Action.KernelReaps ? TakesIgnore : TakesReaper);
  if (!Action.Handler)
    return;
  // The facts count a listed handler for the whole program.
  if (!Scoped && llvm::find(Handlers, Action.Handler) == Handlers.end())
    Handlers.push_back(Action.Handler);
  // Coalesced signals: a handler reaps every child only in a loop.
  bool Reaps = reapsEveryChild(Model, Action.Handler, *Ctx, &Summaries);
  if (Reaps && !Scoped) {
    if (!ReapingHandler)
      ReapingHandler = Action.Handler;
    EveryGroupHandler =
        EveryGroupHandler ||
        !reapcheck::reapsOnlyItsGroup(Model, Action.Handler, *Ctx, &Summaries);
  } else if (!Reaps && !ReapingHandler) {
    noteDispatch(*Action.Handler, Installer);
  }
}

} // namespace reapcheck
