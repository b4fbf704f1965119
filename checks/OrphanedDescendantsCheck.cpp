//===--- OrphanedDescendantsCheck.cpp - process-orphaned-descendants ------===//

#include "OrphanedDescendantsCheck.h"
#include "facts/FactsFile.h"
#include "support/AstHelpers.h"
#include "support/EnclosingBody.h"
#include "support/TraversalScope.h"
#include "unit/Summaries.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace reapcheck {

OrphanedDescendantsCheck::OrphanedDescendantsCheck(
    StringRef Name, tidy::ClangTidyContext *Context)
    : ModelCheck(Name, Context) {
  Starts = Model.interestingCallees();
  Kills = Model.killCallees();
}

void OrphanedDescendantsCheck::registerMatchers(MatchFinder *Finder) {
  if (!ModelValid)
    return;
  matchUnitForScope(TidyContext, *Finder, *this);
  Finder->addMatcher(callExpr(calleeNamedIn(&Starts, &Kills),
                              unless(isExpansionInSystemHeader()))
                         .bind("call"),
                     this);
}

void OrphanedDescendantsCheck::check(const MatchFinder::MatchResult &Result) {
  if (narrowUserScope(Result))
    return;
  Ctx = Result.Context;
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  if (!Call)
    return;
  if (Model.killedArg(*Call) >= 0)
    KillCalls.push_back(Call);
  else if (Model.startOf(*Call, *Ctx))
    StartCalls.insert(Call);
}

void OrphanedDescendantsCheck::judgeBody(const Decl *Callable, Stmt *Body) {
  // With project facts, a child that leads through another file's function
  // (`isolate()`, a `job_attrs(&attr)`) is seen to.
  ProjectSummaries Summaries(Model, unitFacts(*Ctx));
  auto Prep = PreparedBody::build(Callable, Body, *Ctx, Model, Summaries);
  if (!Prep)
    return;
  GroupFacts Facts = analyseGroups(*Prep, Model, &Summaries);
  for (const SiteKill &K : Facts.Kills) {
    Judged.insert(K.Call);
    if (Facts.Unknown[K.Site])
      continue;
    const auto &Leader = Facts.Leaders[K.Site];
    if (!K.GroupKill && Leader && !Leader->Terminal &&
        signalEndsProcess(*K.Call, Model.killedArg(*K.Call), *Ctx))
      reportLeaderKill(*K.Call, *K.Handle, &*Leader, nullptr);
    else if (K.GroupKill && !Leader)
      reportGroupKill(*K.Call, *K.Handle, &Prep->sites()[K.Site], nullptr);
  }
  for (const auto &[Holder, I] : Facts.Stores)
    Kept[Holder].push_back(
        {&Prep->sites()[I], Facts.Leaders[I], /*Unknown=*/Facts.Unknown[I]});
  for (const ValueDecl *Holder : Facts.UnknownStores)
    Kept[Holder].push_back({nullptr, std::nullopt, /*Unknown=*/true});
  Prepared.push_back(std::move(Prep));
}

/// The member or static variable \p E names, if any.
static const ValueDecl *keptIn(const Expr *E) {
  E = skipTransparent(E);
  if (const auto *Member = dyn_cast_or_null<MemberExpr>(E))
    return Member->getMemberDecl();
  if (const auto *Ref = dyn_cast_or_null<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
      return V->hasGlobalStorage() ? V : nullptr;
  return nullptr;
}

void OrphanedDescendantsCheck::onEndOfTranslationUnit() {
  // A unit that does not compile may have lost the very call that decides.
  if (Ctx && !Ctx->getDiagnostics().hasUncompilableErrorOccurred()) {
    llvm::SetVector<std::pair<const Decl *, Stmt *>> Bodies;
    for (const Stmt *Start : StartCalls) {
      auto Found = findEnclosingBody(*Start, *Ctx);
      if (Found.first && Found.second)
        Bodies.insert(Found);
    }
    for (const auto &[Callable, Body] : Bodies)
      judgeBody(Callable, Body);
    // Kills of a child kept in a member or static variable, in any body.
    const ProjectFacts *Known = unitFacts(*Ctx);
    for (const CallExpr *Kill : KillCalls)
      if (!Judged.count(Kill))
        judgeHolderKill(*Kill, Known);
  }
  Ctx = nullptr;
  StartCalls.clear();
  KillCalls.clear();
  Judged.clear();
  Kept.clear();
  Prepared.clear();
  Starts.forgetTranslationUnit();
  Kills.forgetTranslationUnit();
  Model.forgetTranslationUnit();
}

/// A kill of a child kept in a member or static variable: judged when every
/// child kept there, by this unit and (with project facts) by every file of
/// the project, says the same.
void OrphanedDescendantsCheck::judgeHolderKill(const CallExpr &Kill,
                                               const ProjectFacts *Known) {
  int Arg = Model.killedArg(Kill);
  if (signalIsZero(Kill, Arg, *Ctx))
    return;
  bool Negated = false;
  const Expr *Handle = withoutMinus(Kill.getArg(Arg), Negated);
  const ValueDecl *Holder = keptIn(Handle);
  if (!Holder)
    return;
  const HolderGroup *Foreign =
      Known ? Known->holderGroup(usrOf(Holder)) : nullptr;
  using Kind = HolderGroup::Kind;
  if (Foreign && Foreign->What == Kind::Mixed)
    return; // Another file keeps children of another kind there.
  bool Group = signalsGroup(Model, Kill, *Ctx);
  if (!Group && !signalEndsProcess(Kill, Arg, *Ctx))
    return; // Not a stop: the leader alone may be meant.
  auto It = Kept.find(Holder);
  if (It == Kept.end()) {
    if (Foreign && !Group && Foreign->What == Kind::Leader)
      reportLeaderKill(Kill, *Handle, nullptr, Foreign);
    else if (Foreign && Group && Foreign->What == Kind::None)
      reportGroupKill(Kill, *Handle, nullptr, Foreign);
    return;
  }
  const auto &Children = It->second;
  bool AllLead = llvm::all_of(Children, [](const KeptChild &C) {
    return C.Leader && !C.Leader->Terminal && !C.Unknown;
  });
  bool NoneLeads = llvm::none_of(Children, [](const KeptChild &C) {
    return C.Leader.has_value() || C.Unknown;
  });
  if (!Group && AllLead)
    reportLeaderKill(Kill, *Handle, &*Children.front().Leader, nullptr);
  else if (Group && NoneLeads)
    reportGroupKill(Kill, *Handle, Children.front().S, nullptr);
}

/// The name diagnostics give the child a kill names: its variable's or
/// member's (`pid_` for `this->pid_`), else the text written.
static std::string shownName(const Expr &Handle, const ASTContext &Ctx) {
  const Expr *E = skipTransparent(&Handle);
  if (const auto *Member = dyn_cast<MemberExpr>(E))
    return Member->getMemberDecl()->getNameAsString();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return Ref->getDecl()->getNameAsString();
  return writtenText(Handle, Ctx).str();
}

/// The name diagnostics give \p Call's callee.
static std::string calleeName(const CallExpr &Call) {
  const FunctionDecl *FD = Call.getDirectCallee();
  return FD ? FD->getNameAsString() : "the call";
}

void OrphanedDescendantsCheck::reportLeaderKill(const CallExpr &Kill,
                                                const Expr &Handle,
                                                const GroupLeader *Leader,
                                                const HolderGroup *Foreign) {
  std::string Name = shownName(Handle, *Ctx);
  diag(Kill.getBeginLoc(),
       "call to %0() signals only child process '%1', which "
       "leads its own process group; its descendants "
       "keep running")
      << calleeName(Kill) << Name;
  if (Leader)
    diag(Leader->Loc,
         "'%0' becomes the leader of a new %select{process "
         "group|session}1 here",
         DiagnosticIDs::Note)
        << Name << Leader->Session;
  else
    diag(Kill.getBeginLoc(),
         "'%0' becomes the leader of a new %select{process group|session}1 "
         "at %2, in another file of this program (project facts)",
         DiagnosticIDs::Note)
        << Name << Foreign->Session
        << shownPlace(Foreign->File, Foreign->Line, Foreign->Column,
                      Ctx->getSourceManager());
  if (Model.groupEffect(Kill, *Ctx) != GroupEffect::NegativeIsGroup)
    return;
  // The fix-it only where the handle is written as such, not in a macro.
  if (!isa<DeclRefExpr, MemberExpr>(skipTransparent(&Handle)) ||
      Handle.getBeginLoc().isMacroID())
    return;
  SourceLocation At = Handle.getBeginLoc();
  diag(At, "signal the whole group with %0(-%1, ...)", DiagnosticIDs::Note)
      << calleeName(Kill) << writtenText(Handle, *Ctx)
      << FixItHint::CreateInsertion(At, "-");
}

void OrphanedDescendantsCheck::reportGroupKill(const CallExpr &Kill,
                                               const Expr &Handle,
                                               const Site *S,
                                               const HolderGroup *Foreign) {
  std::string Name = shownName(Handle, *Ctx);
  diag(Kill.getBeginLoc(), "call to %0() signals process group '%1', but child "
                           "process '%1' leads no process group; the signal "
                           "reaches no process")
      << calleeName(Kill) << Name;
  if (S)
    diag(S->Loc, "'%0' is started here in its parent's process group",
         DiagnosticIDs::Note)
        << Name;
  else
    diag(Kill.getBeginLoc(),
         "'%0' is started in its parent's process group at %1, in another "
         "file of this program (project facts)",
         DiagnosticIDs::Note)
        << Name
        << shownPlace(Foreign->File, Foreign->Line, Foreign->Column,
                      Ctx->getSourceManager());
}

} // namespace reapcheck
