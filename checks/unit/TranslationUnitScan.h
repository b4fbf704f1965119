//===--- TranslationUnitScan.h - What one unit holds beyond a body -*- C++
//-*-===//
//
// The state of one translation unit, gathered from the matches and judged
// at its end: the bodies that start children, the start wrappers among the
// unit's functions (and the callers they turn into starters), a SIGCHLD
// handler that reaps any child, and popen streams kept in fields and
// globals.  One object per unit: the check replaces it in one statement.
//
// The check matches calls only (one matcher, see UnreapedChildCheck); what
// else the unit needs is found here by walks of the user's code made only
// when a match calls for them: the callers of a wrapper, the places a
// stream closed with fclose() was stored.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_TRANSLATIONUNITSCAN_H
#define REAPCHECK_TRANSLATIONUNITSCAN_H

#include "unit/CallerReapers.h"
#include "unit/ChildOnlyFunctions.h"
#include "unit/InheritedDispositions.h"
#include "support/EnclosingBody.h"
#include "model/ProcessApiModel.h"
#include "flow/SigchldActions.h"
#include "facts/ProjectFacts.h"
#include "flow/ReapAnalysis.h"
#include "unit/Summaries.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class Decl;
class Stmt;
class ValueDecl;
} // namespace clang

namespace reapcheck {

/// A function installing a handler (or SIG_IGN) for the signal its
/// parameter \c Index names.
struct ParamInstall {
  const clang::FunctionDecl *Installer;
  unsigned Index;
  SigchldAction Action;
};

/// What a unit's mask calls do to SIGCHLD (TranslationUnitScan::
/// sigchldBlocks()).
struct SigchldBlocks {
  /// The functions that block SIGCHLD in the parent: on a path that is
  /// not a child's side of a start, in a function that runs only where
  /// calls lead (reachedByCallsOnly(): not a thread's start routine) and
  /// not only in children.
  std::vector<const clang::FunctionDecl *> Blockers;
  /// Some call of the unit may let it in again: an unblock, a mask put
  /// back, or a call that waits with a mask of its own (sigsuspend).
  bool Admits = false;
};

class TranslationUnitScan {
public:
  TranslationUnitScan(const ProcessApiModel &Model, const ProjectFacts *Facts)
      : Model(Model), Facts(Facts), Summaries(Model, Facts) {}

  const ProcessApiModel &model() const { return Model; }
  /// The facts of the other files of the program, if any.
  const ProjectFacts *facts() const { return Facts; }
  /// How this unit was compiled (FactsRecorder::variantOf()).
  const std::string &variant() const { return Variant; }
  void setVariant(std::string V) { Variant = std::move(V); }
  /// Index mode: the functions the unit defines, for the facts.
  void addDefinedFunction(const clang::FunctionDecl &FD) {
    Defined.push_back(&FD);
  }
  llvm::ArrayRef<const clang::FunctionDecl *> definedFunctions() const {
    return Defined;
  }

  clang::ASTContext *astContext() const { return Ctx; }
  void setASTContext(clang::ASTContext &C) { Ctx = &C; }

  /// The body enclosing \p Start analysed at the end of the unit.
  void addStartingBody(const clang::Stmt &Start);
  /// A signal()/sigaction() call: remembers a SIGCHLD handler that reaps.
  void addSignalInstall(const clang::CallExpr &Call);
  /// Any other call given SIGCHLD and a function (a project's own
  /// `signal_setup(SIGCHLD, on_child)`): a handler that reaps any child.
  void addHandlerPassed(const clang::CallExpr &Call);
  /// A call handing the SIGCHLD literal to a function: it installs for
  /// SIGCHLD when that function installs a handler for the signal its
  /// parameter names (zsh's `install_handler(SIGCHLD)`).
  void addSigchldPassed(const clang::CallExpr &Call);
  /// Applies those calls to the unit's installers of a parameter's signal
  /// (called once, at the end of the unit).
  void resolveSigchldPassed();
  /// Decides the installs made by functions other than main, once every
  /// start of the unit is known: an install in a function that runs only
  /// in children is the child's (called once, after the two above).
  void resolveInstalls();
  /// Functions of the unit installing a handler for their parameter's
  /// signal, and the calls handing SIGCHLD to a function (for the facts).
  llvm::ArrayRef<ParamInstall> paramInstalls() const { return ParamInstalls; }
  llvm::ArrayRef<
      std::pair<const clang::FunctionDecl *, const clang::CallExpr *>>
  sigchldPassed();
  /// A popen() call: streams kept in fields and globals may be pipes.
  void addPipeOpened() { PipeOpened = true; }
  /// A call or construction of the user's code that the model or the
  /// facts name (the check's matchers found one).
  void noteProcessApiUse() { UsesProcessApi = true; }
  /// False when the unit's own code names no process API at all: then no
  /// function of it reaps, installs for SIGCHLD or makes a group leader
  /// by itself, and the index asks none of them.
  bool usesProcessApi() const { return UsesProcessApi; }
  /// fclose(): remembered when it closes a field or global.
  void addFclose(const clang::CallExpr &Close);

  /// Finds the unit's start wrappers and adds their callers' bodies, until
  /// no new wrapper appears.
  void findWrappers();
  /// A function that would be a start wrapper but gives its child to
  /// functions of other files too (`log_job(pid)`): for the index, whose
  /// merge makes it one when their facts say none keeps the child.
  struct ConditionalWrapper {
    StartSpec Spec;
    std::vector<std::pair<const clang::FunctionDecl *, unsigned>> Unless;
  };
  const llvm::MapVector<const clang::FunctionDecl *, ConditionalWrapper> &
  conditionalWrappers() const {
    return ConditionalWrappers;
  }

  /// Bodies to analyse, in match order.
  llvm::ArrayRef<const clang::Decl *> bodies() const {
    return Callables.getArrayRef();
  }
  clang::Stmt *bodyOf(const clang::Decl *Callable) const {
    return BodyOf.lookup(Callable);
  }
  ProjectSummaries &summaries() { return Summaries; }
  PreparedBodies &prepared() { return Prepared; }
  /// The unit's functions whose callers reap any child after calling them
  /// (built on the first question).
  CallerReapers &callerReapers() {
    if (!Reapers)
      Reapers.emplace(*Ctx, Model, Summaries);
    return *Reapers;
  }
  /// The unit's functions entered with SIGCHLD reset or covered (built on the first
  /// question).
  InheritedDispositions &inheritedDispositions() {
    if (!Resets)
      Resets.emplace(*Ctx, Model, Summaries, Facts, Variant, ScopedInstalls);
    return *Resets;
  }
  /// The unit's SIGCHLD ignores and reaper installs that cover only the
  /// calls made after them (InheritedDispositions), not the whole unit.
  const ScopedInstallList &scopedInstalls() const { return ScopedInstalls; }
  /// An install after which the kernel, or a handler that reaps any child
  /// whenever it runs, takes the process's children first.
  struct Taker {
    const clang::CallExpr *At;
    bool Ignores;
    const clang::FunctionDecl *Handler;
    const clang::Decl *Installer;
  };
  /// The unit's takers that run in the parent (for other files' waits,
  /// process-reaper-conflict through the facts).
  llvm::ArrayRef<Taker> takers() const { return Takers; }
  /// The functions that install an ignore or a handler for the unit, not
  /// only for a child (nullptr for an event loop's reaper).  The facts drop
  /// a file whose installers all run only in children, as every file's
  /// calls show (`installers`, `child_only`).
  llvm::ArrayRef<const clang::Decl *> coveringInstallers() const {
    return CoveringInstallers;
  }
  /// True when every call of \p Callable in view is on the child's side of
  /// a start, directly or from another such function, and its address is
  /// never taken (ChildOnlyFunctions; with the facts, the program's calls).
  bool runsOnlyInChildren(const clang::Decl *Callable);
  /// True when \p FD's body starts children (so it has a child side).
  bool startsChildren(const clang::FunctionDecl &FD) const;
  /// True when \p Call runs only on the child's side of \p Caller's starts.
  bool isChildSideCall(const clang::FunctionDecl &Caller,
                       const clang::CallExpr &Call);
  /// A reaper that needs no handler of the program: an event loop that
  /// reaps every child (ProcessApiModel::startsReaper), a thread whose
  /// routine reaps over and over (addThreadStart).  \p Installer is the
  /// function that starts it (null: the facts never count it as run only
  /// in children).
  void addReapingLoop(const clang::CallExpr &At,
                      const clang::FunctionDecl *Installer = nullptr);
  /// A thread started with \p Routine (ProcessApiModel::threadRoutine);
  /// judged once the unit is complete (resolveInstalls()).
  void addThreadStart(const clang::CallExpr &At,
                      const clang::FunctionDecl &Routine) {
    ThreadStarts.push_back({&At, &Routine});
  }
  /// True when this unit installs a SIGCHLD handler that reaps any child,
  /// its own, an event loop's or a reaper thread.
  bool hasReapingHandler() const { return ReapingHandler || ReapingLoop; }
  /// The same, an event loop's or a thread's only (SIGCHLD not needed).
  bool hasReapingLoop() const { return ReapingLoop; }
  /// True when the unit's reapers are all SIGCHLD handlers that reap only
  /// their own process group (reapsOnlyItsGroup()), and it ignores nothing.
  bool reapsOnlyItsGroup() const {
    return ReapingHandler && !EveryGroupHandler && !ReapingLoop &&
           !IgnoresSigchld;
  }
  /// A call that may change SIGCHLD in the mask, or let a blocked one in
  /// (SigchldMask.h).
  void addMaskCall(const clang::CallExpr &Call) { MaskCalls.push_back(&Call); }
  /// What the unit's mask calls do to SIGCHLD, found when first asked.
  const SigchldBlocks &sigchldBlocks();
  /// True when the unit blocks SIGCHLD and nothing in it lets the signal
  /// in: a SIGCHLD handler of the unit never runs.
  bool blocksSigchldForGood() {
    const SigchldBlocks &B = sigchldBlocks();
    return !B.Blockers.empty() && !B.Admits;
  }
  /// True when this unit lets the kernel reap (SIGCHLD ignored) anywhere.
  bool ignoresSigchld() const { return IgnoresSigchld; }
  /// SIG_IGN or SA_NOCLDWAIT is installed by a function of the unit that
  /// starts no child itself (a setup() helper, a main that leaves the
  /// starts to others): program setup, which covers every start of the
  /// unit.  An install in a function that starts children is followed by
  /// that function's flow, in order.  Asked once the unit is matched.
  bool ignoresSigchldForProgram() const;
  /// Every SIGCHLD handler the unit installs, reaping or not (the facts
  /// decide later whether another file's function makes one reap).
  llvm::ArrayRef<const clang::FunctionDecl *> sigchldHandlers() const {
    return Handlers;
  }
  /// Functions that install their parameter N as the SIGCHLD handler
  /// through a dispatcher (noteDispatch).
  llvm::ArrayRef<std::pair<const clang::FunctionDecl *, unsigned>>
  handlerParams() const {
    return HandlerParams;
  }
  /// fclose() calls on storage that only ever holds popen() streams.
  std::vector<std::pair<const clang::CallExpr *, const clang::ValueDecl *>>
  fclosesOfStoredPipes();

private:
  void addBody(const clang::Decl *Callable, clang::Stmt *Body);
  /// Finds where the unit stores the streams its openers return.
  void collectStoredStreams();
  void addStoredStream(const clang::ValueDecl *Storage,
                       const clang::CallExpr &Opener);

  const ProcessApiModel &Model;
  const ProjectFacts *Facts;
  std::string Variant;
  std::vector<const clang::FunctionDecl *> Defined;
  ProjectSummaries Summaries;
  PreparedBodies Prepared;
  std::optional<CallerReapers> Reapers;
  std::optional<InheritedDispositions> Resets;
  clang::ASTContext *Ctx = nullptr;
  llvm::SetVector<const clang::Decl *> Callables;
  /// The body of each statement asked about (findEnclosingBody(), once a
  /// declaration).
  EnclosingBodies Enclosing;
  llvm::DenseMap<const clang::Decl *, clang::Stmt *> BodyOf;
  /// Calls to the unit's functions by callee, collected on the first wrapper.
  std::optional<CallsByCallee> UserCalls;
  llvm::MapVector<const clang::FunctionDecl *, ConditionalWrapper>
      ConditionalWrappers;
  void noteAction(const SigchldAction &Action, const clang::Decl *Installer,
                  const clang::CallExpr &At, clang::Stmt *Body);
  /// True when \p At runs only in a child \p Installer started (ChildSide).
  bool runsInChildOnly(const clang::CallExpr &At, const clang::Decl *Installer,
                       clang::Stmt *Body);
  /// Notes the calls of \p Installer, which runs only in children, as the
  /// child's installs of their callers, and so on up while the caller runs
  /// only in children too; with \p Takes (an ignore, or a handler that
  /// reaps any child), as installs for what those callers go on to do.
  void noteChildOnlyCalls(const clang::FunctionDecl &Installer, bool Takes);
  /// The unit's functions that run only in children, built when first
  /// asked.
  const ChildOnlyFunctions &childOnlyFunctions();
  /// \p Scoped: the install covers only the calls after it (ScopedInstalls).
  void applyAction(const SigchldAction &Action, const clang::Decl *Installer,
                   const clang::CallExpr &At, bool Scoped);
  /// False when \p Installer undoes what it installs (SIG_DFL, a handler
  /// that reaps nothing, a saved disposition put back) on every path
  /// before it returns.
  bool installLasts(const clang::Decl *Installer, const clang::CallExpr &At,
                    clang::Stmt *Body);
  struct PendingInstall {
    SigchldAction Action;
    const clang::FunctionDecl *Installer;
    const clang::CallExpr *At;
  };
  std::vector<PendingInstall> Pending;
  std::vector<std::pair<const clang::CallExpr *, const clang::FunctionDecl *>>
      ThreadStarts;
  void resolveThreadStart(const clang::CallExpr &At,
                          const clang::FunctionDecl &Routine);
  void noteDispatch(const clang::FunctionDecl &Handler,
                    const clang::Decl *Installer);

  const clang::FunctionDecl *ReapingHandler = nullptr;
  /// A reaping handler of the unit reaps children of every process group.
  bool EveryGroupHandler = false;
  bool IgnoresSigchld = false;
  std::vector<const clang::CallExpr *> MaskCalls;
  std::optional<SigchldBlocks> Blocks;
  /// The functions that install SIG_IGN or SA_NOCLDWAIT for SIGCHLD.
  llvm::SmallVector<const clang::Decl *, 2> Ignorers;
  ScopedInstallList ScopedInstalls;
  /// By installing function: whether an install there may still hold where
  /// it returns (installLasts()).
  llvm::DenseMap<const clang::Decl *, bool> Lasts;
  std::vector<Taker> Takers;
  llvm::SmallVector<const clang::Decl *, 2> CoveringInstallers;
  /// The unit's functions that run only in children (built on the first
  /// install in a function that is not main).
  std::optional<ChildOnlyFunctions> ChildOnly;
  llvm::DenseMap<const clang::FunctionDecl *,
                 llvm::SmallPtrSet<const clang::CallExpr *, 8>>
      ChildSideCache;
  llvm::SmallVector<const clang::FunctionDecl *, 2> Handlers;
  std::vector<std::pair<const clang::FunctionDecl *, unsigned>> HandlerParams;
  std::vector<ParamInstall> ParamInstalls;
  std::vector<std::pair<const clang::FunctionDecl *, const clang::CallExpr *>>
      SigchldPassed;
  bool PipeOpened = false;
  bool UsesProcessApi = false;
  bool ReapingLoop = false;
  llvm::SmallPtrSet<const clang::ValueDecl *, 4> PipeStorage;
  llvm::SmallPtrSet<const clang::ValueDecl *, 4> OtherStreamStorage;
  std::vector<std::pair<const clang::CallExpr *, const clang::ValueDecl *>>
      StoredFcloses;
};

} // namespace reapcheck

#endif
