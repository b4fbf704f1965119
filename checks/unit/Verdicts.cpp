//===--- Verdicts.cpp - What becomes of each start of a unit --------------===//

#include "unit/Verdicts.h"
#include "facts/ProjectFacts.h"
#include "flow/ProcessGroups.h"
#include "support/AstHelpers.h"
#include "unit/FactsIndex.h"
#include "unit/TranslationUnitScan.h"

using namespace clang;

namespace reapcheck {

/// A start is judged by its holder when storing it there is all the
/// function did with it: stored, never handed off nor leaked, and not
/// reaped by this function on every path after the store (a copy kept for
/// a signal forwarder).
static bool isOnlyHeld(const StartFacts &F) {
  return F.Holder && F.EverStored && !F.EverHandedOff && !F.Leaked &&
         (F.HeldAtEnd || !F.EverReaped);
}

/// Whether a leaked start is reported: with ReportLeakingPaths off, only
/// starts that no path reaps.
static bool isReported(const StartFacts &F, const JudgeOptions &Opts) {
  return F.Leaked && (Opts.ReportLeakingPaths || !F.EverResolved);
}

/// The inventory's verdict for one start site not kept in a holder.
static const char *verdictOf(const StartFacts &F, bool Reported,
                             bool ReapingHandler) {
  if (Reported)
    return "leaked";
  if (ReapingHandler && F.Leaked)
    return "sigchld-handler";
  if (F.Leaked)
    return "leaked-unreported";
  if (F.EverReaped)
    return "reaped";
  if (F.EverHandedOff)
    return "handed-off";
  return "no-parent-child";
}

/// The inventory's verdict for a start kept in a holder.
static const char *heldVerdictOf(const HolderVerdict &V, bool Reported,
                                 bool ReapingHandler) {
  if (Reported)
    return "held-leaked";
  switch (V.Duty) {
  case HolderDuty::Neglected:
    return ReapingHandler ? "sigchld-handler" : "held-leaked";
  case HolderDuty::Reaped:
  case HolderDuty::HandedOn:
    return "held";
  case HolderDuty::Unjudged:
    break;
  }
  return "held-unjudged";
}

namespace {
class UnitJudge {
public:
  UnitJudge(TranslationUnitScan &Unit, const JudgeOptions &Opts)
      : Unit(Unit), Ctx(*Unit.astContext()), Facts(Unit.facts()), Opts(Opts) {
    // Children of a unit whose SIGCHLD handler reaps any child are reaped
    // by that handler whenever they exit, unless SIGCHLD is blocked for
    // good (by the program with facts, by the unit without); with SIGCHLD
    // ignored, by the kernel.
    bool Blocked =
        Unit.hasReapingHandler() &&
        (Facts ? Facts->isSigchldBlocked(mainFilePath(Ctx), Unit.variant())
               : Unit.blocksSigchldForGood());
    bool FactsCover =
        Facts && Facts->isCoveredByReaper(mainFilePath(Ctx), Unit.variant());
    Covered = (Blocked ? Unit.hasReapingLoop() : Unit.hasReapingHandler()) ||
              Unit.ignoresSigchldForProgram() || FactsCover;
    // Reapers of their own process group only (waitpid(0, ...)): the
    // program's, with facts (they count this unit's own; also where the
    // file is covered function by function), or the unit's.
    bool ProgramGroupOnly =
        Facts &&
        Facts->isCoveredOnlyByGroupReaper(mainFilePath(Ctx), Unit.variant());
    GroupOnly = !Unit.ignoresSigchldForProgram() &&
                (ProgramGroupOnly ||
                 (Covered && !FactsCover && Unit.reapsOnlyItsGroup()));
  }

  UnitJudgement run() {
    for (const Decl *Callable : Unit.bodies())
      judgeBody(Callable, Unit.bodyOf(Callable));
    judgeHeld();
    return std::move(Result);
  }

private:
  void judgeBody(const Decl *Callable, Stmt *Body);
  void judgeHeld();
  AnalysisOptions optionsFor(const FunctionDecl *FD, bool BodyCovered);
  std::optional<GroupFacts> groupsOf(const Decl *Callable, Stmt *Body);
  static bool leavesGroup(const std::optional<GroupFacts> &Groups, size_t I,
                          StartFacts &F);
  /// The start's own function installed its reaper before it, on every
  /// path (StartFacts::TakenHere), and the unit does not keep SIGCHLD
  /// blocked for good (a handler that then never runs).
  bool takenHere(const StartFacts &F) {
    return F.TakenHere && !Unit.blocksSigchldForGood();
  }
  void add(StartFacts F, Judgement::Report Kind, const char *Verdict,
           HolderVerdict Holder = {}) {
    Result.Sites.push_back({std::move(F), Kind, Verdict, std::move(Holder)});
  }

  TranslationUnitScan &Unit;
  ASTContext &Ctx;
  const ProjectFacts *Facts;
  const JudgeOptions &Opts;
  bool Covered = false;
  bool GroupOnly = false;
  std::vector<StartFacts> Held;
  UnitJudgement Result;
};
} // namespace

void UnitJudge::judgeBody(const Decl *Callable, Stmt *Body) {
  const auto *FD = dyn_cast<FunctionDecl>(Callable);
  // Every program that reaches this function reaps any child, though the
  // file is also in a program that does not reach it.
  bool BodyCovered = Covered;
  if (!BodyCovered && Facts && FD)
    BodyCovered = Facts->isCoveredByReaper(mainFilePath(Ctx), Unit.variant(),
                                           usrOf(FD));
  // Covered by the program's reapers, file or function: what a group
  // reaper's group decides.
  const bool ByProgram = BodyCovered;
  // A child's ignore or reaper covers what the functions it calls start
  // (asked only where there is one, here or in the facts).
  if (!BodyCovered && FD && (Facts || !Unit.scopedInstalls().empty()))
    BodyCovered = Unit.inheritedDispositions().entersCovered(FD);
  AnalysisResult R =
      analyseBody(Callable, Body, Ctx, Unit.model(), Unit.summaries(),
                  optionsFor(FD, BodyCovered), &Unit.prepared());
  // What a SIG_DFL reset leaves: main's own loops that reap any child.
  bool LoopCovered =
      Facts && FD && !R.Starts.empty() &&
      (Facts->isCoveredByLoop(mainFilePath(Ctx), Unit.variant()) ||
       Facts->isCoveredByLoop(mainFilePath(Ctx), Unit.variant(), usrOf(FD)));
  llvm::append_range(Result.Fcloses, R.Fcloses);
  std::optional<GroupFacts> Groups;
  if (GroupOnly && ByProgram && !R.Starts.empty())
    Groups = groupsOf(Callable, Body);
  for (size_t I = 0; I < R.Starts.size(); ++I) {
    StartFacts &F = R.Starts[I];
    // A reset before the start undoes the program's handler or ignore for
    // it, not a loop of main that reaps any child.
    const bool SiteCovered = takenHere(F) ||
                             (BodyCovered && (!F.SigchldReset || LoopCovered) &&
                              !leavesGroup(Groups, I, F));
    if (isOnlyHeld(F)) {
      Held.push_back(std::move(F));
      continue;
    }
    // A child live only where the function returns, to callers that all
    // reap any child afterwards (openvswitch's test table) or end the
    // process (switch_root's main), is theirs.
    if (!SiteCovered && FD && F.leaksOnlyAtReturn() &&
        Unit.callerReapers().clearedAfterReturn(FD)) {
      add(std::move(F), Judgement::Report::None, "caller-reaps");
      continue;
    }
    bool Reported = !SiteCovered && isReported(F, Opts);
    const char *Verdict = verdictOf(F, Reported, SiteCovered);
    add(std::move(F),
        Reported ? Judgement::Report::Start : Judgement::Report::None,
        Verdict);
  }
}

/// How the flow runs on \p FD's body (null for another callable), entered
/// covered by a reaper or not (\p BodyCovered).
AnalysisOptions UnitJudge::optionsFor(const FunctionDecl *FD,
                                      bool BodyCovered) {
  AnalysisOptions AOpts;
  AOpts.TrackDiscarded = Opts.ReportDiscarded;
  AOpts.DumpFlow = Opts.DumpFlow;
  AOpts.ExitsAreProcessExits =
      FD && Opts.IgnoreMain &&
      (FD->isMain() || (Facts && Facts->isProgramEntry(usrOf(FD))));
  // Only a covered start is uncovered by a caller's reset.
  AOpts.EnteredReset =
      BodyCovered && FD && Unit.inheritedDispositions().entersReset(FD);
  if (BodyCovered && FD && Unit.inheritedDispositions().entersUnset(FD))
    AOpts.UnsetCalls = Unit.inheritedDispositions().unsetCalls(FD);
  if (AOpts.EnteredReset || AOpts.UnsetCalls)
    AOpts.ReaperAhead = Unit.inheritedDispositions().reaperAhead(FD);
  return AOpts;
}

/// Where each start of \p Body makes its child leave the process group:
/// asked only where the body's cover is the unit's and reaps only its own
/// group (GroupOnly).
std::optional<GroupFacts> UnitJudge::groupsOf(const Decl *Callable,
                                              Stmt *Body) {
  const PreparedBody *Prepared = Unit.prepared().get(
      Callable, Body, Ctx, Unit.model(), Unit.summaries());
  if (!Prepared)
    return std::nullopt;
  return analyseGroups(*Prepared, Unit.model(), &Unit.summaries());
}

/// True when the child of start \p I (\p F) leaves the group its reapers
/// take; where is kept for the note.
bool UnitJudge::leavesGroup(const std::optional<GroupFacts> &Groups, size_t I,
                            StartFacts &F) {
  if (!Groups || I >= Groups->Leaders.size())
    return false;
  if (Groups->Leaders[I])
    F.LeavesGroupAt = Groups->Leaders[I]->Loc;
  else if (Groups->JoinsAt[I].isValid())
    F.LeavesGroupAt = Groups->JoinsAt[I]; // Joins another group.
  else
    return false;
  return true;
}

void UnitJudge::judgeHeld() {
  for (const StartFacts &F : Held)
    Result.Holders.push_back(F.Holder);
  if (Held.empty())
    return;
  OwnerJudge Judge(Ctx, Unit.model(), Unit.summaries(), Facts);
  Judge.judge(Result.Holders);
  for (StartFacts &F : Held) {
    const HolderVerdict &V = Judge.verdict(F.Holder);
    const bool SiteCovered = takenHere(F) || (Covered && !F.SigchldReset);
    bool Reported = V.Duty == HolderDuty::Neglected && !SiteCovered;
    const char *Verdict = heldVerdictOf(V, Reported, SiteCovered);
    add(std::move(F),
        Reported ? Judgement::Report::Held : Judgement::Report::None, Verdict,
        V);
  }
}

UnitJudgement judgeUnit(TranslationUnitScan &Unit, const JudgeOptions &Opts) {
  return UnitJudge(Unit, Opts).run();
}

} // namespace reapcheck
