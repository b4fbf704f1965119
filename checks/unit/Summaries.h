//===--- Summaries.h - What the unit's own functions do to a child -*- C++
//-*-===//
//
// The answers to the flow's SummaryProvider questions: from the bodies of
// the translation unit (TranslationUnitSummaries), then from the project's
// facts for functions defined in other files (ProjectSummaries).
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_SUMMARIES_H
#define REAPCHECK_SUMMARIES_H

#include "flow/SummaryProvider.h"
#include "unit/CallUses.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <optional>

namespace reapcheck {

/// The function \p Def's body ends in a call of, when the body has no
/// return statement (`die()`: `fprintf(...); exit(1);`); null otherwise.
const clang::FunctionDecl *endingCallee(const clang::FunctionDecl &Def);

class ProjectFacts;
struct FunctionFacts;

/// Summaries computed from the bodies of one translation unit.  Demand
/// driven and memoised: each body is summarised at most once per parameter;
/// a function whose summary is still being computed (recursion) counts as
/// Unknown, the conservative answer.  Wrappers are added by the check, which
/// discovers them before the flow runs.
class TranslationUnitSummaries : public SummaryProvider {
public:
  explicit TranslationUnitSummaries(const ProcessApiModel &Model)
      : Model(&Model) {}

  bool isInferredNoReturn(const clang::FunctionDecl *FD) override;
  bool loopsForever(const clang::FunctionDecl *FD) override;
  ParamSummary paramSummary(const clang::FunctionDecl *FD, unsigned Index,
                            clang::ASTContext &Ctx) override;
  const WrapperSummary *wrapper(const clang::FunctionDecl *FD) const override;

  /// Returns true when \p FD was not yet known as a wrapper.
  bool addWrapper(const clang::FunctionDecl *FD, WrapperSummary W);
  /// The unit's own wrappers, for the index.
  const llvm::DenseMap<const clang::FunctionDecl *, WrapperSummary> &
  ownWrappers() const {
    return Wrappers;
  }

  std::optional<PredicateSummary>
  predicate(const clang::FunctionDecl *FD) override;
  /// A call of a function that reaps its pid parameter (typed pid_t),
  /// given a pid <= 0 (`safe_waitpid(-1, &status, WNOHANG)`).
  bool callReapsAny(const clang::CallExpr &Call,
                    clang::ASTContext &Ctx) override;
  /// From \p FD's body and the unit's functions it calls, two levels deep,
  /// leaving out the resets made only on the child's side of its starts.
  bool resetsSigchld(const clang::FunctionDecl *FD,
                     clang::ASTContext &Ctx) override;
  bool resetsSigchldSomewhere(const clang::FunctionDecl *FD,
                              clang::ASTContext &Ctx) override;
  /// \p At, in \p Installer (if any), installs an ignore or a handler that
  /// may reap, not only for a child nor undone before the function returns
  /// (TranslationUnitScan's installs).
  void addTakerInstall(const clang::FunctionDecl *Installer,
                       const clang::CallExpr &At, unsigned Kind) {
    TakerCalls[&At] |= Kind;
    if (Installer) {
      unsigned &Mask = TakerInstallers[Installer->getCanonicalDecl()];
      TakersClosed = TakersClosed && (Mask | Kind) == Mask;
      Mask |= Kind;
    }
  }
  bool installsOnce(const clang::CallExpr &Call) override {
    return installsOnce(Call.getDirectCallee());
  }
  bool installsOnce(const clang::FunctionDecl *FD) const {
    return FD && OnceInstallers.contains(FD->getCanonicalDecl());
  }
  /// \p FD installs a one-shot reaper (installsOnce()).
  void addOnceInstaller(const clang::FunctionDecl &FD) {
    OnceInstallers.insert(FD.getCanonicalDecl());
  }
  bool installsInChild(const clang::CallExpr &Call) override {
    return ChildInstallCalls.contains(&Call);
  }
  /// \p Call is a child's install (installsInChild()).
  void addChildInstallCall(const clang::CallExpr &Call) {
    ChildInstallCalls.insert(&Call);
  }
  /// A call of the unit gives SIGCHLD to parameter \p Index of \p Callee
  /// (the constant, or an array naming it): a reset of the signal that
  /// parameter names (`restore_defaults(sigs, n)`) is then a reset of
  /// SIGCHLD, wherever the function is called.
  void addSigchldGiven(const clang::FunctionDecl *Callee, unsigned Index) {
    if (SigchldGiven.insert({Callee->getCanonicalDecl(), Index}).second) {
      Resets.clear(); // Found before it was known.
      AnyResets.clear();
    }
  }
  /// Those calls, and the calls of those functions and of the unit's
  /// functions that call one, at any depth.
  unsigned installsTaker(const clang::CallExpr &Call,
                         clang::ASTContext &Ctx) override;
  /// The function part of installsTaker().
  unsigned installsTaker(const clang::FunctionDecl *FD,
                         clang::ASTContext &Ctx) override;
  /// True when \p FD runs only where calls lead: up the unit's direct
  /// calls, every chain of callers ends at main or at a function of
  /// external linkage the unit does not call (called from another file),
  /// and no function on the way has a use that is not a call nor an entry
  /// of a private table (CallUses::Escaped: a thread's start routine, a
  /// callback).  A static function nothing calls never runs.
  bool reachedByCallsOnly(const clang::FunctionDecl *FD,
                          clang::ASTContext &Ctx);
  /// The functions a call through a private table of the unit may run
  /// (CallUses::TableTargets); none for any other call.
  std::vector<const clang::FunctionDecl *>
  tableTargets(const clang::CallExpr &Call, clang::ASTContext &Ctx);

private:
  bool resetsSigchldIn(const clang::FunctionDecl &Def, unsigned Depth,
                       clang::ASTContext &Ctx);

  const ProcessApiModel *Model;
  llvm::DenseMap<const clang::FunctionDecl *, bool> Resets;
  /// The same, the child's side included (resetsSigchldSomewhere()).
  llvm::DenseMap<const clang::FunctionDecl *, bool> AnyResets;
  llvm::DenseSet<std::pair<const clang::FunctionDecl *, unsigned>> SigchldGiven;
  llvm::DenseMap<const clang::FunctionDecl *, bool> NoReturn;
  llvm::DenseMap<const clang::FunctionDecl *, bool> Forever;
  llvm::DenseMap<std::pair<const clang::FunctionDecl *, unsigned>,
                 std::optional<ParamSummary>>
      Params;
  llvm::DenseMap<const clang::FunctionDecl *, WrapperSummary> Wrappers;
  llvm::DenseMap<const clang::FunctionDecl *, std::optional<PredicateSummary>>
      Predicates;
  unsigned Depth = 0;
  llvm::DenseMap<const clang::FunctionDecl *, unsigned> TakerInstallers;
  llvm::DenseMap<const clang::CallExpr *, unsigned> TakerCalls;
  llvm::SmallPtrSet<const clang::CallExpr *, 4> ChildInstallCalls;
  llvm::SmallPtrSet<const clang::FunctionDecl *, 4> OnceInstallers;
  /// The unit's calls, collected for the installers' callers.
  std::optional<CallUses> Uses;
  bool TakersClosed = true;
};

/// Summaries from this unit's bodies first, then from the facts of the
/// other files.
class ProjectSummaries : public TranslationUnitSummaries {
public:
  ProjectSummaries(const ProcessApiModel &Model, const ProjectFacts *Facts)
      : TranslationUnitSummaries(Model), Facts(Facts) {}

  ParamSummary paramSummary(const clang::FunctionDecl *FD, unsigned Index,
                            clang::ASTContext &Ctx) override;
  const WrapperSummary *wrapper(const clang::FunctionDecl *FD) const override;
  /// Also a call of another file's function that reaps any child.
  bool callReapsAny(const clang::CallExpr &Call,
                    clang::ASTContext &Ctx) override;
  bool callPollsAny(const clang::CallExpr &Call) override;
  /// Also a call of another file's function that does (`installs_once`).
  bool installsOnce(const clang::CallExpr &Call) override;
  /// Also a call of another file's function that installs one
  /// (`taker_installers`).
  unsigned installsTaker(const clang::CallExpr &Call,
                         clang::ASTContext &Ctx) override;
  using TranslationUnitSummaries::installsTaker;
  /// Also another file's function that resets SIGCHLD (`resets_sigchld`).
  bool resetsSigchld(const clang::FunctionDecl *FD,
                     clang::ASTContext &Ctx) override;
  bool leadsGroupElsewhere(const clang::FunctionDecl *FD, bool &Session,
                           bool &Terminal) const override;
  PidGroupEffect pidGroupElsewhere(const clang::FunctionDecl *FD,
                                   unsigned Index) const override;
  void spawnAttrsElsewhere(const clang::FunctionDecl *FD, unsigned Index,
                           SpawnAttrs &Out) const override;
  /// Also another file's function that never returns (`never_returns`).
  bool isInferredNoReturn(const clang::FunctionDecl *FD) override;
  /// Also another file's function that loops forever (`loops_forever`).
  bool loopsForever(const clang::FunctionDecl *FD) override;

private:
  /// The facts of \p Call's direct callee when its body is not in view.
  const FunctionFacts *calleeFacts(const clang::CallExpr &Call) const;

  const ProjectFacts *Facts;
  llvm::DenseMap<const clang::FunctionDecl *, bool> FactNoReturns;
  llvm::DenseMap<const clang::FunctionDecl *, bool> FactForevers;
  /// \p Flag of the facts of \p FD, a function of another file (false for
  /// one defined here), remembered in \p Known.
  bool factOf(const clang::FunctionDecl *FD,
              llvm::DenseMap<const clang::FunctionDecl *, bool> &Known,
              bool FunctionFacts::*Flag) const;
  mutable llvm::DenseMap<const clang::FunctionDecl *,
                         std::optional<WrapperSummary>>
      FactWrappers;
  mutable llvm::DenseMap<const clang::FunctionDecl *, bool> FactResets;
};

} // namespace reapcheck

#endif
