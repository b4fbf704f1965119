//===--- ReaperConflictCheck.cpp - process-reaper-conflict ----------------===//

#include "ReaperConflictCheck.h"
#include "facts/FactsFile.h"
#include "flow/SigchldActions.h"
#include "support/AstHelpers.h"
#include "support/EnclosingBody.h"
#include "support/TraversalScope.h"
#include "flow/ChildSide.h"
#include "flow/ReapAnalysis.h"
#include "unit/ChildOnlyFunctions.h"
#include "unit/Summaries.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/Path.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace reapcheck {

ReaperConflictCheck::ReaperConflictCheck(StringRef Name,
                                         tidy::ClangTidyContext *Context)
    : ModelCheck(Name, Context) {
  Waits = Model.specificWaitCallees();
  Installers = Model.interestingCallees();
}

void ReaperConflictCheck::registerMatchers(MatchFinder *Finder) {
  if (!ModelValid)
    return;
  matchUnitForScope(TidyContext, *Finder, *this);
  Finder->addMatcher(callExpr(calleeNamedIn(&Waits, &Installers),
                              unless(isExpansionInSystemHeader()))
                         .bind("call"),
                     this);
}

void ReaperConflictCheck::check(const MatchFinder::MatchResult &Result) {
  if (narrowUserScope(Result))
    return;
  Ctx = Result.Context;
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  if (!Call)
    return;
  bool Waits = Model.specificWaitOf(*Call, *Ctx).has_value();
  const FunctionDecl *Routine = Model.threadRoutine(*Call, *Ctx);
  if (!Waits && !Routine &&
      !Model.installsSignalHandler(*Call->getDirectCallee()))
    return;
  auto Found = findEnclosingBody(*Call, *Ctx);
  if (!Found.first || !Found.second)
    return;
  (Waits ? WaitingBodies : InstallingBodies).insert(Found);
  // A thread's routine and what it calls are the thread's own: its waits
  // are not judged against it (isHandlerCode()).
  if (Routine)
    Handlers.insert(Routine->getCanonicalDecl());
  if (!Waits)
    if (auto Action = sigchldAction(Model, *Call, Found.second, *Ctx))
      if (Action->Handler)
        Handlers.insert(Action->Handler->getCanonicalDecl());
}

void ReaperConflictCheck::onEndOfTranslationUnit() {
  // A unit that does not compile may have lost the very call that decides.
  if (Ctx && !Ctx->getDiagnostics().hasUncompilableErrorOccurred() &&
      !WaitingBodies.empty())
    judgeUnit();
  Ctx = nullptr;
  WaitingBodies.clear();
  InstallingBodies.clear();
  Handlers.clear();
  Waits.forgetTranslationUnit();
  Installers.forgetTranslationUnit();
  Model.forgetTranslationUnit();
}

/// True when nothing uses \p E's value: an expression statement, a body, a
/// cast to void.
static bool resultDiscarded(const Expr &E, ASTContext &Ctx) {
  const Stmt *Child = &E;
  for (;;) {
    auto Parents = Ctx.getParents(*Child);
    if (Parents.empty())
      return true;
    const Stmt *P = Parents[0].get<Stmt>();
    if (!P)
      return false; // A variable's initialiser.
    if (const auto *Cast = dyn_cast<CastExpr>(P)) {
      if (Cast->getType()->isVoidType())
        return true;
      if (!isa<ImplicitCastExpr>(Cast))
        return false;
    } else if (!isa<ParenExpr, FullExpr>(P)) {
      if (isa<CompoundStmt, CaseStmt, DefaultStmt, LabelStmt, AttributedStmt>(
              P))
        return true;
      if (const auto *If = dyn_cast<IfStmt>(P))
        return Child != If->getCond();
      if (const auto *Loop = dyn_cast<WhileStmt>(P))
        return Child != Loop->getCond();
      if (const auto *Loop = dyn_cast<DoStmt>(P))
        return Child != Loop->getCond();
      if (const auto *Loop = dyn_cast<ForStmt>(P))
        return Child != Loop->getCond();
      return false;
    }
    Child = P;
  }
}

/// True when \p Wait loses nothing the caller asked for: a C function
/// whose result is discarded and that writes no status.
static bool losesNothing(const CallExpr &Wait, const SpecificWait &How,
                         ASTContext &Ctx) {
  if (!How.CFunction || !resultDiscarded(Wait, Ctx))
    return false;
  return How.StatusArg < 0 ||
         Wait.getArg(How.StatusArg)
             ->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull);
}

bool ReaperConflictCheck::isHandlerCode(const Decl *Callable) const {
  const auto *FD = dyn_cast_or_null<FunctionDecl>(Callable);
  if (!FD)
    return false;
  if (Handlers.contains(FD->getCanonicalDecl()))
    return true;
  bool Called = false;
  for (const FunctionDecl *Handler : Handlers) {
    const FunctionDecl *Def = nullptr;
    if (Handler->hasBody(Def) && Def)
      walkStmts(Def->getBody(), Closures::Skip, [&](const Stmt *S) {
        const auto *Call = dyn_cast<CallExpr>(S);
        const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
        Called |=
            Callee && Callee->getCanonicalDecl() == FD->getCanonicalDecl();
        return !Called;
      });
  }
  return Called;
}

std::vector<const ForeignTaker *>
ReaperConflictCheck::foreignTakers(const ProjectFacts &Facts,
                                   const FunctionDecl *Waiting) const {
  if (!Waiting)
    return {};
  std::vector<const ForeignTaker *> Found =
      Facts.takersFor(MainPath, usrOf(Waiting));
  llvm::erase_if(Found,
                 [&](const ForeignTaker *T) { return T->File == MainPath; });
  return Found;
}

/// The unit's functions that run only in children (ChildOnlyFunctions),
/// found when a function other than main installs something.
static ChildOnlyFunctions childOnlyFunctions(ASTContext &Ctx,
                                             const ProcessApiModel &Model,
                                             ProjectSummaries &Summaries,
                                             PreparedBodies &Prepared) {
  llvm::DenseMap<const FunctionDecl *, bool> Starts;
  auto StartsChildren = [&](const FunctionDecl &FD) {
    auto Found = Starts.try_emplace(&FD, false);
    bool &Result = Found.first->second;
    if (Found.second && FD.getBody())
      walkStmts(FD.getBody(), Closures::Skip, [&](const Stmt *S) {
        const auto *Call = dyn_cast<CallExpr>(S);
        if (Call && Model.startOf(*Call, Ctx))
          Result = true;
        return !Result;
      });
    return Result;
  };
  auto ChildSide = [&](const FunctionDecl &Caller, const CallExpr &Call) {
    const FunctionDecl *Def = Caller.getDefinition();
    const PreparedBody *Body =
        Def ? Prepared.get(Def, Def->getBody(), Ctx, Model, Summaries)
            : nullptr;
    return Body && childSideCalls(*Body).contains(&Call);
  };
  return ChildOnlyFunctions(Ctx, StartsChildren, ChildSide);
}

/// What each installing function leaves installed for the others; what a
/// function that runs only in children installs is theirs.
llvm::MapVector<const Stmt *, Disposition>
ReaperConflictCheck::lastingInstalls(ProjectSummaries &Summaries,
                                     const ProjectFacts *Known) {
  PreparedBodies Prepared;
  std::optional<ChildOnlyFunctions> ChildOnly;
  llvm::MapVector<const Stmt *, Disposition> Lasting;
  for (const auto &[Callable, Body] : InstallingBodies) {
    const auto *FD = dyn_cast<FunctionDecl>(Callable);
    if (FD && !FD->isMain()) {
      if (Known && Known->runsOnlyInChildren(usrOf(FD)))
        continue;
      if (!ChildOnly)
        ChildOnly.emplace(childOnlyFunctions(*Ctx, Model, Summaries, Prepared));
      if (ChildOnly->contains(FD))
        continue;
    }
    DispositionFacts Facts;
    if (analyseDispositions(Callable, Body, *Ctx, Model, Summaries,
                            Disposition(), Facts))
      Lasting[Body] = Facts.Lasting;
  }
  return Lasting;
}

void ReaperConflictCheck::judgeUnit() {
  ProjectSummaries Summaries(Model, nullptr);
  const ProjectFacts *Known = unitFacts(*Ctx);
  llvm::MapVector<const Stmt *, Disposition> Lasting =
      lastingInstalls(Summaries, Known);
  llvm::SmallPtrSet<const CallExpr *, 8> Reported;
  for (const auto &[Callable, Body] : WaitingBodies) {
    if (isHandlerCode(Callable))
      continue;
    Disposition Entry;
    for (const auto &[Installer, Left] : Lasting)
      if (Installer != Body)
        Entry.join(Left);
    // What another file of a program that reaches this function installed
    // holds here, unless every call of it runs after a reset (the facts'
    // must fact: a caller that may reset does not hide one that does not).
    const auto *FD = dyn_cast_or_null<FunctionDecl>(Callable);
    std::vector<const ForeignTaker *> Foreign =
        Known ? foreignTakers(*Known, FD) : std::vector<const ForeignTaker *>();
    if (!Foreign.empty() && !Known->entersResetAlways(usrOf(FD)))
      Entry.Foreign = Foreign.front();
    DispositionFacts Facts;
    if (!analyseDispositions(Callable, Body, *Ctx, Model, Summaries, Entry,
                             Facts))
      continue;
    for (size_t I = 0; I < Facts.Waits.size(); ++I) {
      const auto &[Wait, At] = Facts.Waits[I];
      const SpecificWait &How = Facts.How[I];
      const ForeignTaker *By = At.Ignored || At.Reaper ? nullptr : At.Foreign;
      bool Unblocked = !At.Blocked && !How.SigchldBlocked;
      // A reaper thread needs no signal: neither a mask nor a reset stops
      // it.
      bool Conflict = At.Ignored || (At.Reaper && Unblocked) ||
                      (By && (By->Ignores || Unblocked)) || At.ThreadStart;
      if (!Conflict || losesNothing(*Wait, How, *Ctx) ||
          !Reported.insert(Wait).second)
        continue;
      if (By && !At.ThreadStart)
        reportForeign(*Wait, *By);
      else
        report(*Wait, How, At, Unblocked);
    }
  }
}

/// The name diagnostics give \p Call's callee.
static std::string waitName(const CallExpr &Call) {
  const FunctionDecl *FD = Call.getDirectCallee();
  return FD ? FD->getNameAsString() : "the call";
}

void ReaperConflictCheck::report(const CallExpr &Wait, const SpecificWait &How,
                                 const Disposition &At, bool Unblocked) {
  (void)How;
  if (At.ThreadStart && !At.Ignored && !(At.Reaper && Unblocked)) {
    diag(Wait.getBeginLoc(),
         "call to %0() waits for one child, but the thread running '%1' may "
         "reap it first; the wait fails with ECHILD and the exit status is "
         "lost")
        << waitName(Wait) << At.Thread->getNameAsString();
    diag(At.ThreadStart->getBeginLoc(),
         "'%0', a start routine that reaps any child over and over, runs in "
         "a thread started here",
         DiagnosticIDs::Note)
        << At.Thread->getNameAsString();
    return;
  }
  if (At.Ignored) {
    diag(Wait.getBeginLoc(),
         "call to %0() waits for one child, but this process leaves its "
         "children to "
         "the kernel (SIGCHLD ignored or SA_NOCLDWAIT); the wait fails with "
         "ECHILD and the exit status is lost")
        << waitName(Wait);
    diag(At.Ignored->getBeginLoc(),
         "SIGCHLD is set here to have the kernel reap every child",
         DiagnosticIDs::Note);
    return;
  }
  diag(Wait.getBeginLoc(),
       "call to %0() waits for one child, but the SIGCHLD handler '%1' may "
       "reap it "
       "first; the wait fails with ECHILD and the exit status is lost")
      << waitName(Wait) << At.Handler->getNameAsString();
  diag(At.Reaper->getBeginLoc(),
       "'%0', a SIGCHLD handler that reaps any child, is installed here",
       DiagnosticIDs::Note)
      << At.Handler->getNameAsString();
}

void ReaperConflictCheck::reportForeign(const CallExpr &Wait,
                                        const ForeignTaker &By) {
  std::string Where =
      shownPlace(By.File, By.Line, By.Column, Ctx->getSourceManager());
  if (By.Ignores) {
    diag(Wait.getBeginLoc(),
         "call to %0() waits for one child, but this process leaves its "
         "children to the kernel (SIGCHLD ignored or SA_NOCLDWAIT); the wait "
         "fails with ECHILD and the exit status is lost")
        << waitName(Wait);
    diag(Wait.getBeginLoc(),
         "SIGCHLD is set to have the kernel reap every child at %0, in "
         "another file of this program (project facts)",
         DiagnosticIDs::Note)
        << Where;
    return;
  }
  diag(Wait.getBeginLoc(),
       "call to %0() waits for one child, but the SIGCHLD handler '%1' may "
       "reap it first; the wait fails with ECHILD and the exit status is lost")
      << waitName(Wait) << By.Handler;
  diag(Wait.getBeginLoc(),
       "'%0', a SIGCHLD handler that reaps any child, is installed at %1, in "
       "another file of this program (project facts)",
       DiagnosticIDs::Note)
      << By.Handler << Where;
}

} // namespace reapcheck
