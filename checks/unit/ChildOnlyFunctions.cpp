//===--- ChildOnlyFunctions.cpp - Functions that run only in children -----===//

#include "unit/ChildOnlyFunctions.h"
#include "unit/CallUses.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace reapcheck {

ChildOnlyFunctions::ChildOnlyFunctions(
    ASTContext &Ctx, llvm::function_ref<bool(const FunctionDecl &)> Starts,
    llvm::function_ref<bool(const FunctionDecl &, const CallExpr &)>
        ChildSideOf) {
  CallUses Uses = collectCallUses(Ctx);
  // Each call edge, and whether it is on its caller's child side.
  llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<bool, 2>> Sides;
  for (const auto &[Call, Caller] : Uses.Calls) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee)
      continue; // Through a table: the targets escaped for this rule.
    Callee = Callee->getCanonicalDecl();
    const FunctionDecl *From = Caller ? Caller->getCanonicalDecl() : nullptr;
    Calls[Callee].push_back({Call, From});
    Sides[Callee].push_back(From && Starts(*From) && ChildSideOf(*From, *Call));
  }
  for (const auto &Entry : Calls)
    if (!Entry.first->isMain() && !Uses.Escaped.contains(Entry.first) &&
        !llvm::any_of(Uses.TableTargets, [&](const auto &T) {
          return llvm::is_contained(T.second, Entry.first);
        }))
      Only.insert(Entry.first);
  // The greatest set: drop a function with a call neither on a child side
  // nor made by a member, until none is dropped.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const auto &[Callee, Edges] : Calls) {
      if (!Only.contains(Callee))
        continue;
      const auto &Side = Sides[Callee];
      for (unsigned I = 0; I < Edges.size(); ++I)
        if (!Side[I] && !(Edges[I].second && Only.contains(Edges[I].second))) {
          Only.erase(Callee);
          Changed = true;
          break;
        }
    }
  }
}

bool ChildOnlyFunctions::contains(const FunctionDecl *FD) const {
  return FD && Only.contains(FD->getCanonicalDecl());
}

llvm::ArrayRef<ChildOnlyFunctions::CallOf>
ChildOnlyFunctions::callsOf(const FunctionDecl *FD) const {
  auto It = FD ? Calls.find(FD->getCanonicalDecl()) : Calls.end();
  if (It == Calls.end())
    return {};
  return It->second;
}

} // namespace reapcheck
