//===--- FactsIndex.cpp - What one unit tells the other files -------------===//

#include "unit/FactsIndex.h"
#include "unit/CallerFacts.h"
#include "facts/FactsRecorder.h"
#include "facts/ProjectFacts.h"
#include "flow/PreparedBody.h"
#include "flow/ProcessGroups.h"
#include "flow/ReaperRoutine.h"
#include "flow/SigchldActions.h"
#include "flow/SigchldDispositions.h"
#include "flow/SignalValues.h"
#include "support/AstHelpers.h"
#include "support/EnclosingBody.h"
#include "unit/Owners.h"
#include "unit/TranslationUnitScan.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ASTContext.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/FileSystem.h"

using namespace clang;

namespace reapcheck {

/// Where \p FD, which installs or resets SIGCHLD, passes a reset or a
/// child's cover on to its callees: after its own, and while one it was
/// entered with holds (the merge follows them across files,
/// InheritedDispositions).
static void indexEntryFlow(TranslationUnitScan &Unit, const FunctionDecl &FD,
                           FactsRecorder &Recorder) {
  llvm::SmallPtrSet<const CallExpr *, 4> Covering;
  for (const auto &Install : Unit.scopedInstalls())
    Covering.insert(Install.second);
  DispositionFacts Own, EnteredReset, EnteredCovered;
  Disposition Reset, Covered;
  Reset.Reset = Reset.ResetAlways = true;
  Covered.Covers = true;
  ASTContext &Ctx = *Unit.astContext();
  Stmt *Body = FD.getBody();
  auto Analyse = [&](const Disposition &Entry, DispositionFacts &Into) {
    return analyseDispositions(&FD, Body, Ctx, Unit.model(), Unit.summaries(),
                               Entry, Into, &Covering);
  };
  if (!Analyse(Disposition(), Own) || !Analyse(Reset, EnteredReset) ||
      !Analyse(Covered, EnteredCovered))
    return;
  using Kind = FactsRecorder::EntryKind;
  Recorder.addEntryCalls(FD, Kind::Reset, Own.CalledReset,
                         EnteredReset.CalledReset);
  Recorder.addEntryCalls(FD, Kind::Covered, Own.CalledCovered,
                         EnteredCovered.CalledCovered);
  Recorder.addEntryCalls(FD, Kind::AlwaysReset, Own.CalledResetAlways,
                         EnteredReset.CalledResetAlways);
  Recorder.addEntryCalls(FD, Kind::Uncovered, Own.CalledUncovered,
                         EnteredCovered.CalledUncovered);
}

namespace {
/// main's calls as entry_order events (indexEntryOrder()).
class EntryEvents {
public:
  EntryEvents(TranslationUnitScan &Unit, const FunctionDecl &Main)
      : Unit(Unit), Ctx(*Unit.astContext()), Main(Main) {}

  /// Appends the events of \p Call to \p Events.
  void add(const CallExpr &Call, llvm::json::Array &Events) {
    const ProcessApiModel &Model = Unit.model();
    ProjectSummaries &Summaries = Unit.summaries();
    auto Action = sigchldAction(Model, Call, Main.getBody(), Ctx);
    if (Action && Action->KernelReaps)
      return Events.push_back(-1);
    if (Action && (Action->Handler || Action->Default))
      return Events.push_back(
          Action->Handler &&
                  !handlerReapsNothing(Model, Action->Handler, Ctx, &Summaries)
              ? -3
              : -2);
    // main's own reap of any child (its wait loop): where the program's
    // loop reaps, for what main calls after it.
    if (reapsAny(Model, Summaries, Call, Ctx))
      Events.push_back(-4);
    // A call through a private table may run each function it names.
    std::vector<const FunctionDecl *> Callees =
        Summaries.tableTargets(Call, Ctx);
    if (const FunctionDecl *Callee = Call.getDirectCallee())
      Callees.push_back(Callee);
    // A thread started there runs its routine from there on.
    if (const FunctionDecl *Routine = Model.threadRoutine(Call, Ctx))
      Callees.push_back(Routine);
    const SourceManager &SM = Ctx.getSourceManager();
    for (const FunctionDecl *Callee : Callees)
      if (!SM.isInSystemHeader(SM.getExpansionLoc(Callee->getLocation()))) {
        auto [It, New] = Index.try_emplace(usrOf(Callee), Calls.size());
        if (New)
          Calls.push_back(It->first().str());
        Events.push_back(It->second);
      }
    // EV_DEFAULT, bb_signals(1 << SIGCHLD, h), an installer of the unit.
    if (unsigned Kind = Summaries.installsTaker(Call, Ctx))
      Events.push_back(Kind & TakesReaper ? -3 : -1);
  }
  llvm::json::Array Calls;

private:
  TranslationUnitScan &Unit;
  ASTContext &Ctx;
  const FunctionDecl &Main;
  llvm::StringMap<unsigned> Index;
};
} // namespace

/// The order of main's calls, for the merge to follow it across files
/// (InheritedDispositions' main entered reset, with other files' installers
/// known): each block of its CFG, by ID, as [events, successors].  An event
/// is the index of a callee of the project in `calls`, -1 for an ignore
/// installed there, -3 for a handler that may reap, -2 for a reset, -4 for
/// main's own reap of any child; a block that does not return has no
/// successors.
static void indexEntryOrder(TranslationUnitScan &Unit, const FunctionDecl &FD,
                            FactsRecorder &Recorder) {
  std::unique_ptr<CFG> Graph =
      buildBodyCFG(&FD, FD.getBody(), *Unit.astContext());
  if (!Graph)
    return;
  EntryEvents Order(Unit, FD);
  std::vector<llvm::json::Value> ById(Graph->getNumBlockIDs(), nullptr);
  for (const CFGBlock *B : *Graph) {
    llvm::json::Array Events, Succs;
    bool Returns = !B->hasNoReturnElement();
    for (const CFGElement &E : *B) {
      auto CS = E.getAs<CFGStmt>();
      const auto *Call = CS ? dyn_cast<CallExpr>(CS->getStmt()) : nullptr;
      if (!Call)
        continue;
      Order.add(*Call, Events);
      if (Unit.summaries().neverComesBack(Call->getDirectCallee())) {
        Returns = false;
        break;
      }
    }
    if (Returns)
      for (const CFGBlock *Succ : B->succs())
        if (Succ)
          Succs.push_back(Succ->getBlockID());
    ById[B->getBlockID()] =
        llvm::json::Array{std::move(Events), std::move(Succs)};
  }
  llvm::json::Array Blocks;
  for (llvm::json::Value &Block : ById)
    Blocks.push_back(std::move(Block));
  Recorder.setEntryOrder(
      FD, llvm::json::Object{{"entry", Graph->getEntry().getBlockID()},
                             {"calls", std::move(Order.Calls)},
                             {"blocks", std::move(Blocks)}});
}

static bool indexCalls(TranslationUnitScan &Unit, const FunctionDecl &FD,
                       FactsRecorder &Recorder);

namespace {
/// What indexing one function learns about the others it calls, kept for
/// the next function of the unit.
struct UnitWalks {
  ReapAnyBodies ReapAny;
  GroupLeaders Leaders;
};
} // namespace

/// How \p FD moves processes into groups, for other files' callers: the
/// caller itself, when a child of theirs calls it (`isolate()`), or the
/// process a parent gives it the pid of (`own_group(pid)`).
static void indexGroupMoves(TranslationUnitScan &Unit, const FunctionDecl &FD,
                            FactsRecorder &Recorder, UnitWalks &Walked) {
  ASTContext &Ctx = *Unit.astContext();
  const ProcessApiModel &Model = Unit.model();
  if (auto Leader = Walked.Leaders.in(Model, &FD, Ctx, 2))
    Recorder.addLeadsGroup(FD, Leader->Session, Leader->Terminal);
  for (unsigned I = 0; I < FD.getNumParams(); ++I)
    if (mayCarryChild(FD.getParamDecl(I)->getType()))
      if (PidGroupEffect Effect =
              pidGroupIn(Model, &FD, I, Ctx, &Unit.summaries(), 2);
          Effect != PidGroupEffect::None)
        Recorder.addPidGroupParam(FD, I, Effect);
}

/// How \p FD reaps any child (\p Own: the unit names a process API): in a
/// loop or once, by polls run once, only its group, over and over; or, for
/// a thread's routine, the other files' functions its loop calls.
static void indexReaps(TranslationUnitScan &Unit, const FunctionDecl &FD,
                       FactsRecorder &Recorder, UnitWalks &Walked, bool Own) {
  ASTContext &Ctx = *Unit.astContext();
  const ProcessApiModel &Model = Unit.model();
  if (Own &&
      reapsAnyChild(Model, &FD, Ctx, &Unit.summaries(), &Walked.ReapAny)) {
    Recorder.addReapsAny(FD);
    if (reapsOnlyByPolls(Model, &FD, Ctx, &Unit.summaries()))
      Recorder.addReapsByPoll(FD);
    if (!reapsEveryChild(Model, &FD, Ctx, &Unit.summaries()))
      Recorder.addReapsOnce(FD);
    else if (reapsOnlyItsGroup(Model, &FD, Ctx, &Unit.summaries()))
      Recorder.addReapsGroupOnly(FD);
    if (reapsOverAndOver(Model, &FD, Ctx, &Unit.summaries()))
      Recorder.addReaperRoutine(FD, reaperNeedsBlockedSigchld(Model, &FD));
  } else if (mayBeThreadRoutine(FD)) {
    // Its loop may reap through another file's function (the merge asks
    // that function's facts).
    for (const FunctionDecl *Callee :
         unseenCallsInForeverLoops(Model, FD, Ctx, &Unit.summaries()))
      Recorder.addLoopCall(FD, *Callee);
  }
}

/// What one function of the unit tells other files: what it does to each
/// parameter that can carry a child, whether it reaps any child, and which
/// functions it calls (the merge links programs through them).
static void indexFunction(TranslationUnitScan &Unit, const FunctionDecl &FD,
                          FactsRecorder &Recorder, UnitWalks &Walked) {
  ASTContext &Ctx = *Unit.astContext();
  Recorder.addDefined(FD);
  // What it does to its parameters matters only to callers in other files:
  // a function of internal linkage has none (this unit's callers summarise
  // it when they need to).
  bool OtherFilesCall = FD.isExternallyVisible() && !FD.isMain();
  for (unsigned I = 0; OtherFilesCall && I < FD.getNumParams(); ++I)
    if (mayCarryChild(FD.getParamDecl(I)->getType()))
      Recorder.addParam(FD, I, Unit.summaries().paramSummary(&FD, I, Ctx));
  // Without a process API named in the unit's code (or another file's
  // function the facts know), none of the questions below can be answered
  // yes: each needs a wait, a signal disposition or a group call.
  const bool Own = Unit.usesProcessApi() || Unit.facts();
  indexReaps(Unit, FD, Recorder, Walked, Own);
  if (Own && Unit.summaries().resetsSigchld(&FD, Ctx))
    Recorder.addResetsSigchld(FD);
  // For a child of another file that calls it, or a parent giving it a pid.
  if (Own && OtherFilesCall)
    indexGroupMoves(Unit, FD, Recorder, Walked);
  if (OtherFilesCall) {
    indexEnding(Unit, FD, Recorder);
    indexSpawnAttrs(Unit, FD, Recorder);
  }
  if (FD.hasAttr<ConstructorAttr>())
    Recorder.addConstructor(FD);
  if (Own)
    if (unsigned Kind = Unit.summaries()
                            .TranslationUnitSummaries::installsTaker(&FD, Ctx))
      Recorder.addInstallsTaker(FD, Kind);
  if (Own && Unit.summaries().TranslationUnitSummaries::installsOnce(&FD))
    Recorder.addInstallsOnce(FD);
  if (FD.isMain())
    indexEntryOrder(Unit, FD, Recorder);
  bool Sigchld = Own && Unit.summaries().resetsSigchldSomewhere(&FD, Ctx);
  Sigchld = indexCalls(Unit, FD, Recorder) || Sigchld;
  // A function that calls a child's installer (ChildOnlyFunctions) passes
  // its cover on too.
  Sigchld = Sigchld || llvm::any_of(Unit.scopedInstalls(), [&](const auto &I) {
              return I.first == FD.getCanonicalDecl() || I.first == &FD;
            });
  if (Sigchld)
    indexEntryFlow(Unit, FD, Recorder);
}

/// \p FD's calls: each callee (a thread's routine too), whether every call
/// of it is on the child's side, the functions and the pids <= 0 given to
/// it.  True when one of them installs something for SIGCHLD.
static bool indexCalls(TranslationUnitScan &Unit, const FunctionDecl &FD,
                       FactsRecorder &Recorder) {
  ASTContext &Ctx = *Unit.astContext();
  const ProcessApiModel &Model = Unit.model();
  bool Sigchld = false;
  llvm::MapVector<const FunctionDecl *, bool> OnChildSide;
  walkStmts(FD.getBody(), Closures::Enter, [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    if (!Callee) {
      // Through a private table (`init_steps[i]()`): each function in it.
      if (Call)
        for (const FunctionDecl *Target :
             Unit.summaries().tableTargets(*Call, Ctx))
          Recorder.addTableCall(FD, *Target);
      return true;
    }
    Sigchld = Sigchld || sigchldAction(Model, *Call, FD.getBody(), Ctx);
    if (Model.specificWaitOf(*Call, Ctx))
      Recorder.addSpecificWait();
    // A thread's start routine runs in this process: followed as a call.
    const FunctionDecl *Routine = Model.threadRoutine(*Call, Ctx);
    if (Routine)
      Recorder.addThreadCall(FD, *Routine);
    // A function of the C library is defined in no file of the project:
    // the merge links nothing through it, nor summarises it.
    const SourceManager &SM = Ctx.getSourceManager();
    const bool Library =
        SM.isInSystemHeader(SM.getExpansionLoc(Callee->getLocation()));
    if (!Library)
      Recorder.addCall(FD, *Callee);
    for (const FunctionDecl *Run : {Library ? nullptr : Callee, Routine})
      if (Run) {
        auto [It, New] = OnChildSide.insert({Run->getCanonicalDecl(), true});
        It->second = It->second && Unit.isChildSideCall(FD, *Call);
      }
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (const FunctionDecl *Named = functionNamedBy(Call->getArg(I)))
        Recorder.addFunctionArg(FD, *Callee, I, *Named);
    for (unsigned I = 0;
         !Library && I < Call->getNumArgs() && I < Callee->getNumParams(); ++I)
      if (isPidType(Callee->getParamDecl(I)->getType()))
        if (auto Pid = constantOf(Call->getArg(I), Ctx); Pid && *Pid <= 0)
          Recorder.addAnyPidCall(FD, *Callee, I);
    return true;
  });
  for (const auto &[Callee, Child] : OnChildSide)
    if (Child)
      Recorder.addChildCall(FD, *Callee);
  return Sigchld;
}

/// The file (absolute, links resolved), line and column of \p Loc's
/// expansion; false when it is in no file.
static bool placeOf(SourceLocation Loc, const SourceManager &SM,
                    std::string &File, unsigned &Line, unsigned &Column) {
  Loc = SM.getExpansionLoc(Loc);
  auto Entry = SM.getFileEntryRefForID(SM.getFileID(Loc));
  if (!Entry)
    return false;
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Entry->getName(), Real))
    Real = Entry->getName();
  File = std::string(Real);
  Line = SM.getExpansionLineNumber(Loc);
  Column = SM.getExpansionColumnNumber(Loc);
  return true;
}

/// Where the unit's parent installs what takes every child first, for the
/// waits of other files (process-reaper-conflict).
static void indexTakers(TranslationUnitScan &Unit, FactsRecorder &Recorder) {
  const SourceManager &SM = Unit.astContext()->getSourceManager();
  for (const auto &T : Unit.takers()) {
    ForeignTaker Taker;
    if (!placeOf(T.At->getBeginLoc(), SM, Taker.File, Taker.Line,
                 Taker.Column))
      continue;
    Taker.Ignores = T.Ignores;
    if (T.Handler)
      Taker.Handler = T.Handler->getNameAsString();
    if (const auto *FD = dyn_cast_or_null<FunctionDecl>(T.Installer))
      Taker.Installer = usrOf(FD);
    Recorder.addSigchldTaker(std::move(Taker));
  }
}

/// Which children the unit keeps in each member or static variable, as to
/// process groups, for the kills of other files
/// (process-orphaned-descendants).  Only the bodies that start children.
static void indexHolderGroups(TranslationUnitScan &Unit,
                              FactsRecorder &Recorder) {
  ASTContext &Ctx = *Unit.astContext();
  const SourceManager &SM = Ctx.getSourceManager();
  for (const Decl *Callable : Unit.bodies()) {
    const PreparedBody *Body =
        Unit.prepared().get(Callable, Unit.bodyOf(Callable), Ctx,
                            Unit.model(), Unit.summaries());
    if (!Body)
      continue;
    GroupFacts Facts = analyseGroups(*Body, Unit.model());
    for (const auto &[Holder, Site] : Facts.Stores) {
      if (Facts.Unknown[Site]) {
        Recorder.addHolderGroup(*Holder, HolderGroup()); // Mixed.
        continue;
      }
      HolderGroup G;
      const auto &Leader = Facts.Leaders[Site];
      G.What = !Leader              ? HolderGroup::Kind::None
               : Leader->Terminal ? HolderGroup::Kind::Terminal
                                  : HolderGroup::Kind::Leader;
      G.Session = Leader && Leader->Session;
      SourceLocation Loc = Leader ? Leader->Loc : Body->sites()[Site].Loc;
      // Other files' functions that may still make it lead: the merge asks.
      for (const GroupFacts::ForeignMove &Move : Facts.ForeignMoves[Site]) {
        std::string File;
        unsigned Line = 0, Column = 0;
        if (!Leader && placeOf(Move.Loc, SM, File, Line, Column))
          G.Via.emplace_back(usrOf(Move.Callee), Move.PidArg, Line, Column);
      }
      if (placeOf(Loc, SM, G.File, G.Line, G.Column))
        Recorder.addHolderGroup(*Holder, std::move(G));
    }
    for (const ValueDecl *Holder : Facts.UnknownStores)
      Recorder.addHolderGroup(*Holder, HolderGroup());
  }
}

/// True for `int main(int, char **...)`'s signature: an applet's main.
static bool hasMainSignature(const FunctionDecl &FD) {
  if (FD.getNumParams() < 2 || !FD.getReturnType()->isIntegerType() ||
      !FD.getParamDecl(0)->getType()->isIntegerType())
    return false;
  QualType Argv = FD.getParamDecl(1)->getType();
  if (!Argv->isPointerType() || !Argv->getPointeeType()->isPointerType())
    return false;
  return Argv->getPointeeType()->getPointeeType()->isCharType();
}

/// The initialisers of variables of file scope: a function with main's
/// signature named there (busybox's `applet_main[]`) is the main of an
/// applet; other functions and variables named there (tmux's `cmd_table[]`
/// of `&cmd_pipe_pane_entry`, whose `.exec` is `cmd_pipe_pane_exec`) run in
/// the programs that link the table.
static void indexEntries(ASTContext &Ctx, FactsRecorder &Recorder) {
  forEachUserDecl(Ctx, [&](const Decl *D) {
    const auto *Var = dyn_cast<VarDecl>(D);
    if (!Var || !Var->isFileVarDecl() || !Var->getInit())
      return;
    std::vector<const Decl *> Named;
    walkStmts(Var->getInit(), Closures::Skip, [&](const Stmt *S) {
      const auto *Ref = dyn_cast<DeclRefExpr>(S);
      if (!Ref)
        return true;
      if (const auto *FD = dyn_cast<FunctionDecl>(Ref->getDecl())) {
        if (hasMainSignature(*FD))
          Recorder.addEntry(*FD);
        else
          Named.push_back(FD);
      } else if (const auto *Other = dyn_cast<VarDecl>(Ref->getDecl());
                 Other && Other->hasGlobalStorage() && Other != Var) {
        Named.push_back(Other);
      }
      return true;
    });
    if (!Named.empty())
      Recorder.addTable(*Var, Named);
  });
}

void writeUnitFacts(TranslationUnitScan &Unit,
                    llvm::ArrayRef<const ValueDecl *> Holders,
                    llvm::StringRef Path) {
  ASTContext &Ctx = *Unit.astContext();
  const ProcessApiModel &Model = Unit.model();
  FactsRecorder Recorder;
  for (const auto &[FD, W] : Unit.summaries().ownWrappers())
    Recorder.addWrapper(*FD, W.Spec);
  for (const auto &[FD, W] : Unit.conditionalWrappers()) {
    Recorder.addWrapper(*FD, W.Spec);
    for (const auto &[Callee, Index] : W.Unless)
      Recorder.addWrapperUnless(*FD, *Callee, Index);
  }
  UnitWalks Walked;
  for (const FunctionDecl *FD : Unit.definedFunctions())
    indexFunction(Unit, *FD, Recorder, Walked);
  indexEntries(Ctx, Recorder);
  OwnerJudge Judge(Ctx, Model, Unit.summaries());
  Judge.judgeAllUses(Holders);
  for (const auto &Entry : Judge.verdicts()) {
    bool GroupSignalled = llvm::any_of(Entry.second.Signals, [&](const auto &S) {
      return signalsGroup(Unit.model(), *S.Call, Ctx);
    });
    Recorder.addHolder(*Entry.first, Entry.second.Duty,
                       !Entry.second.Signals.empty(), GroupSignalled);
  }
  if (Unit.hasReapingHandler() || Unit.ignoresSigchld())
    Recorder.setInstallsReaper();
  if (Unit.reapsOnlyItsGroup())
    Recorder.setReapsGroupOnly();
  if (Unit.ignoresSigchld())
    Recorder.setIgnoresSigchld();
  for (const FunctionDecl *Blocker : Unit.sigchldBlocks().Blockers)
    Recorder.addSigchldBlocker(*Blocker);
  if (Unit.sigchldBlocks().Admits)
    Recorder.setAdmitsSigchld();
  for (const Decl *Installer : Unit.coveringInstallers()) {
    const auto *FD = dyn_cast_or_null<FunctionDecl>(Installer);
    Recorder.addInstaller(FD ? usrOf(FD) : std::string());
  }
  for (const FunctionDecl *Handler : Unit.sigchldHandlers())
    Recorder.addSigchldHandler(*Handler);
  indexTakers(Unit, Recorder);
  // Every stored child's group, judged held here or not: without facts, a
  // call of another file's function given the pid (`own_group(pid)`) is a
  // hand-off to the index, not to the check.
  if (!Unit.bodies().empty())
    indexHolderGroups(Unit, Recorder);
  for (const auto &[Setter, Index] : Unit.handlerParams())
    Recorder.addHandlerParam(*Setter, Index);
  for (const ParamInstall &P : Unit.paramInstalls())
    Recorder.addSignalParam(*P.Installer, P.Index, P.Action.Handler,
                            P.Action.KernelReaps);
  for (const auto &[Caller, Call] : Unit.sigchldPassed())
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (namesSigchldArgument(*Call->getArg(I), Ctx))
        Recorder.addSigchldArg(*Caller, *Call->getDirectCallee(), I);
  if (Ctx.getLangOpts().PICLevel != 0 && !Ctx.getLangOpts().PIE)
    Recorder.setSharedObject();
  Recorder.write(Path, mainFilePath(Ctx), Unit.variant());
}

} // namespace reapcheck
