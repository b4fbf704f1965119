//===--- InheritedResets.cpp - Functions run with SIGCHLD reset -----------===//

#include "unit/InheritedResets.h"
#include "facts/ProjectFacts.h"
#include "flow/SigchldDispositions.h"
#include "flow/SummaryProvider.h"
#include "support/AstHelpers.h"
#include "unit/CallUses.h"
#include "clang/AST/Decl.h"

using namespace clang;

namespace reapcheck {

bool InheritedResets::entersReset(const FunctionDecl *FD) {
  if (!FD)
    return false;
  if (!Built)
    build();
  return Entered.contains(FD->getCanonicalDecl());
}

void InheritedResets::enter(const FunctionDecl *FD) {
  if (Entered.insert(FD->getCanonicalDecl()).second)
    Work.push_back(FD->getCanonicalDecl());
}

void InheritedResets::build() {
  Built = true;
  for (const auto &Use : collectCallUses(Ctx).Calls)
    if (Use.second)
      Callers.try_emplace(Use.second->getCanonicalDecl(), false);
  for (const auto &Entry : Callers) {
    const FunctionDecl *Caller = Entry.first;
    if (Facts && Facts->entersReset(usrOf(Caller)))
      enter(Caller);
    else if (Summaries.resetsSigchld(Caller, Ctx))
      follow(*Caller, /*EnteredReset=*/false);
  }
  while (!Work.empty()) {
    const FunctionDecl *FD = Work.pop_back_val();
    auto It = Callers.find(FD);
    if (It != Callers.end() && !It->second)
      follow(*FD, /*EnteredReset=*/true);
  }
}

void InheritedResets::follow(const FunctionDecl &Caller, bool EnteredReset) {
  const FunctionDecl *Def = nullptr;
  if (!Caller.hasBody(Def) || !Def)
    return;
  if (EnteredReset)
    Callers[Caller.getCanonicalDecl()] = true;
  Disposition Entry;
  Entry.Reset = EnteredReset;
  DispositionFacts Found;
  if (!analyseDispositions(Def, Def->getBody(), Ctx, Model, Summaries, Entry,
                           Found))
    return;
  for (const FunctionDecl *Callee : Found.CalledReset)
    enter(Callee);
}

} // namespace reapcheck
