//===--- InheritedDispositions.cpp - What a caller leaves SIGCHLD ---------===//

#include "unit/InheritedDispositions.h"
#include "facts/ProjectFacts.h"
#include "flow/SigchldDispositions.h"
#include "flow/SummaryProvider.h"
#include "support/AstHelpers.h"
#include "unit/CallUses.h"
#include "unit/FactsIndex.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"

using namespace clang;

namespace reapcheck {

InheritedDispositions::InheritedDispositions(
    ASTContext &Ctx, const ProcessApiModel &Model, SummaryProvider &Summaries,
    const ProjectFacts *Facts, llvm::StringRef Variant,
    const ScopedInstallList &ScopedInstalls)
    : Ctx(Ctx), Model(Model), Summaries(Summaries), Facts(Facts),
      Variant(Variant.str()), ScopedInstalls(ScopedInstalls) {
  for (const auto &Install : ScopedInstalls)
    Covering.insert(Install.second);
}

unsigned InheritedDispositions::entryOf(const FunctionDecl *FD) {
  if (!FD)
    return None;
  if (!Built)
    build();
  return Entered.lookup(FD->getCanonicalDecl()) | entryByFacts(FD);
}

unsigned InheritedDispositions::entryByFacts(const FunctionDecl *FD) const {
  if (!Facts)
    return None;
  std::string Usr = usrOf(FD);
  return (Facts->entersReset(Usr) ? Reset : None) |
         (Facts->entersCovered(Usr) ? Covered : None);
}

bool InheritedDispositions::entersReset(const FunctionDecl *FD) {
  return entryOf(FD) & Reset;
}

bool InheritedDispositions::entersUnset(const FunctionDecl *FD) {
  return entryOf(FD) & Unset;
}

const CallSet *InheritedDispositions::unsetCalls(const FunctionDecl *FD) {
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def || !entersUnset(FD))
    return nullptr;
  return &Unsets[Def];
}

bool InheritedDispositions::entersCovered(const FunctionDecl *FD) {
  if (entryOf(FD) != Covered)
    return false;
  // Every call of it made covered: the program's calls with the facts,
  // else the unit's.
  if (Facts)
    return Facts->entersCovered(usrOf(FD));
  return CoveredByEveryCall.contains(FD->getCanonicalDecl());
}

const CallSet *InheritedDispositions::reaperAhead(const FunctionDecl *FD) {
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->isMain() || !FD->hasBody(Def) || !Def)
    return nullptr;
  auto [It, New] = Ahead.try_emplace(Def);
  if (New)
    It->second = reaperAheadCalls(Def, Def->getBody(), Ctx, Model, Summaries);
  return &It->second;
}

void InheritedDispositions::enter(const FunctionDecl *FD, Entry How) {
  unsigned &Mask = Entered[FD->getCanonicalDecl()];
  if (!(Mask & How)) {
    Mask |= How;
    Work.push_back({FD->getCanonicalDecl(), How});
  }
}

void InheritedDispositions::build() {
  Built = true;
  llvm::SmallVector<const FunctionDecl *, 16> Callers;
  llvm::DenseSet<const FunctionDecl *> Seen;
  CallUses Uses = collectCallUses(Ctx);
  for (const auto &Use : Uses.Calls)
    if (Use.second && Seen.insert(Use.second->getCanonicalDecl()).second)
      Callers.push_back(Use.second->getCanonicalDecl());
  for (const FunctionDecl *Caller : Callers) {
    unsigned ByFacts = entryByFacts(Caller);
    for (Entry How : {Reset, Covered})
      if (ByFacts & How)
        enter(Caller, How);
    if (Summaries.resetsSigchldSomewhere(Caller, Ctx))
      follow(*Caller, None);
  }
  for (const auto &Install : ScopedInstalls)
    if (const auto *FD = dyn_cast_or_null<FunctionDecl>(Install.first))
      follow(*FD, None);
  // A process starts with SIGCHLD at its default (exec resets a handler):
  // main runs unset until it installs an ignore or a reaper on every path,
  // unless a constructor function installed one before main ran.
  const FunctionDecl *Main = nullptr;
  bool Preinstalled =
      Facts && Facts->isInstalledBeforeMain(mainFilePath(Ctx), Variant);
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
      if (FD->isMain() && FD->doesThisDeclarationHaveABody())
        Main = FD;
      Preinstalled = Preinstalled ||
                     (FD->hasAttr<ConstructorAttr>() &&
                      Summaries.installsTaker(FD->getCanonicalDecl(), Ctx));
    }
  if (Main && !Preinstalled)
    enter(Main, Unset);
  while (!Work.empty()) {
    auto [FD, How] = Work.pop_back_val();
    unsigned &Done = Followed[FD];
    if (!(Done & How)) {
      Done |= How;
      follow(*FD, How);
    }
  }
  keepCoveredByEveryCall(Uses);
}

void InheritedDispositions::keepCoveredByEveryCall(const CallUses &Uses) {
  for (const auto &[FD, Mask] : Entered)
    if (Mask & Covered)
      CoveredByEveryCall.insert(FD);
  // The greatest such set: a call is covered by its caller's own install,
  // or by the cover its caller was entered with, if that caller stays.
  auto CallCovered = [&](const CallExpr *Call, const FunctionDecl *Caller) {
    return OwnCovered.contains(Call) ||
           (Caller && CoveredByEveryCall.contains(Caller->getCanonicalDecl()) &&
            EntryCovered.contains(Call));
  };
  for (bool Shrank = true; Shrank;) {
    Shrank = false;
    for (const auto &[Call, Caller] : Uses.Calls) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      if (Callee && CoveredByEveryCall.contains(Callee->getCanonicalDecl()) &&
          !CallCovered(Call, Caller)) {
        CoveredByEveryCall.erase(Callee->getCanonicalDecl());
        Shrank = true;
      }
    }
  }
}

void InheritedDispositions::follow(const FunctionDecl &Caller, Entry How) {
  const FunctionDecl *Def = nullptr;
  if (!Caller.hasBody(Def) || !Def)
    return;
  Disposition Start;
  Start.Reset = How == Reset;
  Start.Unset = How == Unset;
  Start.Covers = How == Covered;
  DispositionFacts Found;
  if (!analyseDispositions(Def, Def->getBody(), Ctx, Model, Summaries, Start,
                           Found, &Covering, reaperAhead(Def)))
    return;
  if (How == Unset)
    Unsets[Def] = std::move(Found.UnsetCalls);
  (How == Covered ? EntryCovered : OwnCovered)
      .insert(Found.CoveredCalls.begin(), Found.CoveredCalls.end());
  for (const FunctionDecl *Callee : Found.CalledReset)
    enter(Callee, Reset);
  for (const FunctionDecl *Callee : Found.CalledCovered)
    enter(Callee, Covered);
}

} // namespace reapcheck
