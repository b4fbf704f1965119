//===--- ProjectFacts.h - What other files of the program do ---*- C++ -*-===//
//
// The facts file (docs/facts.md) that `tools/reapcheck -p` writes from an
// index pass over a compile database: per function, keyed by USR, whether it
// is a start wrapper, which parameters it reaps or only reads, whether it
// reaps any child; per holder (member or static variable) whether some file
// reaps it or hands it on; per file, whether every program it is linked
// into reaps any child (a SIGCHLD handler, SIGCHLD ignored, a reap-any loop
// in main).
//
// FactsRecorder writes one translation unit's part in index mode
// (REAPCHECK_INDEX=FILE); the driver merges the parts.  ProjectFacts reads
// the merged file for the check (option FactsFile).
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_PROJECTFACTS_H
#define REAPCHECK_PROJECTFACTS_H

#include "flow/SigchldDispositions.h"
#include "flow/SummaryProvider.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/JSON.h"
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace llvm::json {
class Object;
} // namespace llvm::json

namespace clang {
class ASTContext;
class Decl;
class FunctionDecl;
class ValueDecl;
class VarDecl;
} // namespace clang

namespace reapcheck {

/// The facts file format this build reads and writes.
inline constexpr int FactsFormatVersion = 1;

/// The USR of \p D, or "" when clang cannot make one.
std::string usrOf(const clang::Decl *D);

/// What the project does with a child kept in a holder (a member or a
/// static variable): reaps it, hands it on, neglects it, or nothing known.
enum class HolderDuty { Unjudged, Reaped, HandedOn, Neglected };

/// Which children a holder keeps as to process groups, over every file
/// that stores one there (process-orphaned-descendants): all lead a group
/// of their own, all lead a terminal session, none leads one, or a mix
/// (some unknown).  The place is where the first becomes a leader (or, for
/// None, where it is started).
struct HolderGroup {
  enum class Kind { Leader, Terminal, None, Mixed };
  Kind What = Kind::Mixed;
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  /// The leader leads a session, not only a group.
  bool Session = false;
};

struct FunctionFacts {
  std::optional<StartSpec> Wrapper;
  llvm::DenseMap<unsigned, ParamSummary> Params;
  /// By parameter: what it sets on the spawn attributes it points at.
  llvm::DenseMap<unsigned, SpawnAttrs> SpawnAttrParams;
  /// By parameter: what it does to the group of the process named there.
  llvm::DenseMap<unsigned, PidGroupEffect> PidGroupParams;
  bool ReapsAny = false;
  /// Its body, or a function it calls, sets SIGCHLD to SIG_DFL or to a
  /// handler that reaps nothing (a `reset_signals()` helper).
  bool ResetsSigchld = false;
  /// A thread running it reaps every child of the process
  /// (reapsOverAndOver()).
  bool ReaperRoutine = false;
  /// It waits for SIGCHLD where it must stay blocked (sigwaitinfo):
  /// a reaper only in a program that blocks it.
  bool ReaperNeedsBlock = false;
  /// A call of it makes the calling process lead a new group (setpgid(0,
  /// 0), setpgrp()) or session (setsid()), itself or two levels deep.
  bool LeadsGroup = false;
  bool LeadsSession = false;
  /// ... on a terminal (login_tty, setsid() and TIOCSCTTY): when it exits,
  /// the kernel hangs up the terminal's foreground group.
  bool LeadsTerminal = false;
  /// What a call of it installs, as its own unit found (a mask of
  /// TakesIgnore and TakesReaper), also where it runs only in children.
  unsigned InstallsTaker = 0;
  /// A path that calls it ends there: its body has no return and ends in
  /// a noreturn call, directly or along a chain of such functions.
  bool NeverReturns = false;
  /// A path that calls it ends there, the process still running: its body
  /// has no return and ends in an endless loop (or a call of such a
  /// function).
  bool LoopsForever = false;
};

class ProjectFacts {
public:
  /// Reads \p Path.  On failure returns std::nullopt and sets \p Error to a
  /// one-line reason.  Whether the facts still hold is asked per file
  /// (facts/FactsFile.h).
  static std::optional<ProjectFacts> load(llvm::StringRef Path,
                                          std::string &Error);

  const FunctionFacts *function(llvm::StringRef Usr) const;
  /// True when the function's facts say that a thread running it reaps
  /// every child of the process (`reaper_routine`).
  bool isReaperRoutine(llvm::StringRef Usr) const {
    const FunctionFacts *F = function(Usr);
    return F && F->ReaperRoutine;
  }
  /// What the indexed files do with a holder; Unjudged when none saw it.
  HolderDuty holderDuty(llvm::StringRef Usr) const;
  /// Which children the indexed files keep in the holder, as to groups;
  /// null when none is recorded.
  const HolderGroup *holderGroup(llvm::StringRef Usr) const {
    auto It = HolderGroups.find(Usr);
    return It == HolderGroups.end() ? nullptr : &It->second;
  }
  /// True when some indexed file sends a signal to the holder (kill()).
  bool holderSignalled(llvm::StringRef Usr) const {
    return SignalledHolders.contains(Usr);
  }
  /// True when every program \p File is linked into reaps any child.  A
  /// file compiled several ways (a parser built again with -DTEST_PARSER
  /// and a main of its own) is one unit per way in the facts, told apart by
  /// \p Variant (FactsRecorder::variantOf()).
  bool isCoveredByReaper(llvm::StringRef File, llvm::StringRef Variant) const;
  /// True when every program reaching the function \p Usr defined in \p
  /// File (compiled as \p Variant) reaps any child.
  bool isCoveredByReaper(llvm::StringRef File, llvm::StringRef Variant,
                         llvm::StringRef Usr) const;
  /// True when every program \p File is linked into reaps any child with
  /// SIGCHLD handlers that reap only their own process group
  /// (`group_reaper_files`): a child that leaves the group is not reaped.
  bool isCoveredOnlyByGroupReaper(llvm::StringRef File,
                                  llvm::StringRef Variant) const;
  /// True when \p File is linked into a program that blocks SIGCHLD and
  /// never lets it in again: its SIGCHLD handlers never run, and the file's
  /// own handler covers nothing (the facts' `blocked_files`).
  bool isSigchldBlocked(llvm::StringRef File, llvm::StringRef Variant) const;
  /// True when \p File defines the main of a program one of whose
  /// constructor functions installs an ignore or a reaper before main runs
  /// (the facts' `installed_before_main`).
  bool isInstalledBeforeMain(llvm::StringRef File,
                             llvm::StringRef Variant) const;
  /// The same two questions, answered by main's own loops that reap any
  /// child only: a SIG_DFL reset undoes a handler or an ignore, not those.
  bool isCoveredByLoop(llvm::StringRef File, llvm::StringRef Variant) const;
  bool isCoveredByLoop(llvm::StringRef File, llvm::StringRef Variant,
                       llvm::StringRef Usr) const;
  /// True when \p Usr is the main of a program of its own (an applet of a
  /// multi-call binary): returning from it ends the process.
  bool isProgramEntry(llvm::StringRef Usr) const {
    return Entries.contains(Usr);
  }
  /// True when a caller in some file may call \p Usr with SIGCHLD reset
  /// (InheritedDispositions): the merge's `entered_reset`.
  bool entersReset(llvm::StringRef Usr) const {
    return EnteredReset.contains(Usr);
  }
  /// What a call of \p Usr installs for the rest of the process, a mask
  /// of TakesIgnore (`taker_installers`: an ignore, or a handler that may
  /// reap) and TakesReaper (`reaper_installers`: such a handler).
  /// A function that runs only in children installs in the child that
  /// calls it (its own `installs_taker`), though not for the program.
  unsigned installsTaker(llvm::StringRef Usr) const {
    if (ReaperInstallers.contains(Usr))
      return TakesReaper;
    if (TakerInstallers.contains(Usr))
      return TakesIgnore;
    const FunctionFacts *F = function(Usr);
    return F ? F->InstallsTaker : 0;
  }
  /// True when every call of \p Usr the program makes runs with SIGCHLD
  /// reset (the merge's `always_reset`, a must fact).
  bool entersResetAlways(llvm::StringRef Usr) const {
    return AlwaysReset.contains(Usr);
  }
  /// True when a child that ignores SIGCHLD or installs a reaper on its
  /// side of a fork may call \p Usr so: the merge's `entered_covered`.
  bool entersCovered(llvm::StringRef Usr) const {
    return EnteredCovered.contains(Usr);
  }
  /// True when every call of \p Usr in the program's files runs only in
  /// children (the merge's `child_only`, ChildOnlyFunctions).
  bool runsOnlyInChildren(llvm::StringRef Usr) const {
    return ChildOnly.contains(Usr);
  }
  /// Unqualified names of every wrapper, for the call matcher.
  const std::vector<std::string> &wrapperNames() const { return Names; }

  /// What a described file was when it was indexed; -1 and "" where the
  /// facts do not say.
  struct FileStamp {
    int64_t Size = -1;
    int64_t Mtime = -1;
    std::string Sha256;
  };
  const llvm::StringMap<FileStamp> &stamps() const { return Stamps; }
  /// The files of each program (the merge's `programs`).
  const std::vector<std::vector<std::string>> &programs() const {
    return Programs;
  }
  /// The command that wrote the facts (the driver records it), or "".
  const std::string &rewriteCommand() const { return Rewrite; }
  /// What the programs that reach \p Usr, defined in \p File (as given to
  /// factsPathOf), install that takes every child first: ignores first.
  std::vector<const ForeignTaker *> takersFor(llvm::StringRef File,
                                              llvm::StringRef Usr) const;

private:
  void readFunctions(const llvm::json::Object &Root);
  void readCoverage(const llvm::json::Object &Root);
  void readFiles(const llvm::json::Object &Root);

  llvm::StringMap<FunctionFacts> Functions;
  llvm::StringMap<HolderDuty> Holders;
  llvm::StringSet<> SignalledHolders;
  llvm::StringMap<HolderGroup> HolderGroups;
  llvm::StringSet<> Covered;
  llvm::StringSet<> Entries;
  llvm::StringSet<> EnteredReset;
  llvm::StringSet<> TakerInstallers;
  llvm::StringSet<> ReaperInstallers;
  llvm::StringSet<> EnteredCovered;
  llvm::StringSet<> ChildOnly;
  llvm::StringSet<> AlwaysReset;
  llvm::StringMap<llvm::StringSet<>> CoveredFunctions;
  /// The same, by main's own reaping loops only.
  llvm::StringSet<> LoopCovered;
  /// Files whose programs reap only their own process group.
  llvm::StringSet<> GroupCovered;
  llvm::StringMap<llvm::StringSet<>> LoopCoveredFunctions;
  /// Files of a program whose SIGCHLD is blocked for good.
  llvm::StringSet<> Blocked;
  /// Main files of programs whose constructors install a taker.
  llvm::StringSet<> Preinstalled;
  std::vector<std::string> Names;
  llvm::StringMap<FileStamp> Stamps;
  std::vector<std::vector<std::string>> Programs;
  /// By program, in the same order: its sigchld_takers.
  std::vector<std::vector<ForeignTaker>> ProgramTakers;
  /// taken_functions: by file (`path` or `path#variant`), by function, the
  /// programs with takers that reach it.
  llvm::StringMap<llvm::StringMap<std::vector<unsigned>>> TakenFunctions;
  std::string Rewrite;
};

/// One translation unit's facts, written in index mode.
class FactsRecorder {
public:
  void addWrapper(const clang::FunctionDecl &FD, const StartSpec &Spec);
  void addParam(const clang::FunctionDecl &FD, unsigned Index,
                ParamSummary Summary);
  void addReapsAny(const clang::FunctionDecl &FD);
  /// \p FD reaps any child, but not in a loop (reapsEveryChild()): as a
  /// SIGCHLD handler it leaves the children of coalesced signals.
  void addReapsOnce(const clang::FunctionDecl &FD);
  /// \p FD reaps every child, but only of its own process group
  /// (reapsOnlyItsGroup()).
  void addReapsGroupOnly(const clang::FunctionDecl &FD);
  /// A call of \p FD makes its caller lead a group, or a \p Session
  /// (callerLeadsIn()).
  void addLeadsGroup(const clang::FunctionDecl &FD, bool Session,
                     bool Terminal);
  /// \p FD never returns (isInferredNoReturn(), or declared so where it is
  /// defined).
  void addNeverReturns(const clang::FunctionDecl &FD);
  /// \p FD loops forever (SummaryProvider::loopsForever()).
  void addLoopsForever(const clang::FunctionDecl &FD);
  /// \p FD sets \p Attrs on the spawn attributes its parameter \p Index
  /// points at (collectSpawnAttrs()).
  void addSpawnAttrParam(const clang::FunctionDecl &FD, unsigned Index,
                         SpawnAttrs Attrs);
  /// \p FD moves the process its parameter \p Index names into a group
  /// (pidGroupIn()).
  void addPidGroupParam(const clang::FunctionDecl &FD, unsigned Index,
                        PidGroupEffect Effect);
  /// \p FD gives the spawn attributes its parameter \p Index points at to
  /// \p Callee's parameter \p Arg, a function of another file.
  void addSpawnAttrForward(const clang::FunctionDecl &FD, unsigned Index,
                           const clang::FunctionDecl &Callee, unsigned Arg);
  /// \p FD's body has no return and ends in a call of \p Last, a function
  /// of the project another file defines (endingCallee()).
  void addEndsIn(const clang::FunctionDecl &FD,
                 const clang::FunctionDecl &Last);
  /// \p FD runs before main (`__attribute__((constructor))`).
  void addConstructor(const clang::FunctionDecl &FD);
  /// A thread running \p FD reaps every child (reapsOverAndOver());
  /// \p NeedsBlock: where SIGCHLD is blocked (reaperNeedsBlockedSigchld()).
  void addReaperRoutine(const clang::FunctionDecl &FD, bool NeedsBlock);
  void addResetsSigchld(const clang::FunctionDecl &FD);
  /// A call of \p FD installs an ignore of SIGCHLD or a handler that may
  /// reap, for the rest of the process (SummaryProvider::installsTaker()).
  void addInstallsTaker(const clang::FunctionDecl &FD, unsigned Kind);
  /// The order of main's calls (\p FD), as the facts' `entry_order` keeps
  /// it: its CFG's blocks, each with its events and successors.
  void setEntryOrder(const clang::FunctionDecl &FD, llvm::json::Object Order);
  /// \p Signalled: the unit sends it a signal (kill()); \p GroupSignalled:
  /// to its group (killpg(), kill(-pid)).
  void addHolder(const clang::ValueDecl &Holder, HolderDuty Duty,
                 bool Signalled, bool GroupSignalled = false);
  /// The unit keeps in \p Holder a child that is, as to groups, \p Group.
  void addHolderGroup(const clang::ValueDecl &Holder, HolderGroup Group);
  void addDefined(const clang::FunctionDecl &FD);
  void addCall(const clang::FunctionDecl &Caller,
               const clang::FunctionDecl &Callee);
  /// \p Caller passes a pid <= 0 as argument \p Index of \p Callee: a
  /// reap of any child when the callee reaps that parameter (the merge
  /// decides, from the callee's own facts).
  void addAnyPidCall(const clang::FunctionDecl &Caller,
                     const clang::FunctionDecl &Callee, unsigned Index);
  /// \p FD, with main's signature, is named in a table of the unit's file
  /// scope: a multi-call binary's applet, the main of a program of its own.
  void addEntry(const clang::FunctionDecl &FD);
  /// The initialiser of \p Var, of file scope, names these functions and
  /// variables (a table of callbacks).
  void addTable(const clang::VarDecl &Var,
                llvm::ArrayRef<const clang::Decl *> Named);
  /// The unit installs \p FD as a SIGCHLD handler: a reaper of every child
  /// when the facts say it reaps any (through another file's function).
  void addSigchldHandler(const clang::FunctionDecl &FD);
  /// \p FD installs its parameter \p Index as the SIGCHLD handler.
  void addHandlerParam(const clang::FunctionDecl &FD, unsigned Index);
  /// \p FD installs \p Handler (or, with \p KernelReaps, SIG_IGN) for the
  /// signal its parameter \p Index names.
  void addSignalParam(const clang::FunctionDecl &FD, unsigned Index,
                      const clang::FunctionDecl *Handler, bool KernelReaps);
  /// \p Caller passes SIGCHLD as argument \p Index of \p Callee.
  void addSigchldArg(const clang::FunctionDecl &Caller,
                     const clang::FunctionDecl &Callee, unsigned Index);
  /// \p Caller passes the function \p Arg as argument \p Index of \p Callee.
  void addFunctionArg(const clang::FunctionDecl &Caller,
                      const clang::FunctionDecl &Callee, unsigned Index,
                      const clang::FunctionDecl &Arg);
  /// What a caller passes on to the functions it calls: a reset that may
  /// hold, a child's ignore or reaper that may hold, a reset that holds on
  /// every path.
  enum class EntryKind { Reset, Covered, AlwaysReset };
  /// What \p FD, which installs or resets SIGCHLD, passes on to its
  /// callees: the functions it calls where its own \p Kind (\p Own), or
  /// one it was entered with (\p Entered), holds.
  void addEntryCalls(const clang::FunctionDecl &FD, EntryKind Kind,
                     llvm::ArrayRef<const clang::FunctionDecl *> Own,
                     llvm::ArrayRef<const clang::FunctionDecl *> Entered);
  /// The unit installs a reaper of every child (a SIGCHLD handler that
  /// reaps any child, SIGCHLD ignored).
  void setInstallsReaper() { InstallsReaper = true; }
  /// The unit's reapers all reap only their own process group
  /// (TranslationUnitScan::reapsOnlyItsGroup()).
  void setReapsGroupOnly() { ReapsGroupOnly = true; }
  /// The unit ignores SIGCHLD (or sets SA_NOCLDWAIT) for the program: the
  /// kernel reaps whether or not SIGCHLD is blocked.
  void setIgnoresSigchld() { IgnoresSigchld = true; }
  /// \p FD blocks SIGCHLD in the parent (TranslationUnitScan::
  /// sigchldBlocks()); the merge finds whether its program lets it in.
  void addSigchldBlocker(const clang::FunctionDecl &FD);
  /// A call of the unit may let a blocked SIGCHLD in (an unblock,
  /// sigsuspend, pselect...).
  void setAdmitsSigchld() { AdmitsSigchld = true; }
  /// The functions that install an ignore or a handler for the unit ("" for
  /// none: an event loop's reaper), for the merge's `child_only`.
  void addInstaller(std::string Usr) { Installers.push_back(std::move(Usr)); }
  /// Every call of \p Callee in \p Caller runs only on the child's side of
  /// its starts.
  void addChildCall(const clang::FunctionDecl &Caller,
                    const clang::FunctionDecl &Callee);
  /// \p Caller starts a thread that runs \p Routine (in its process: the
  /// merge follows it as a call, but main calling it is not main reaping).
  void addThreadCall(const clang::FunctionDecl &Caller,
                     const clang::FunctionDecl &Routine);
  /// \p Caller calls \p Target through a private table of the unit
  /// (`init_steps[i]()`): a caller of an installer there installs, but the
  /// programs are not linked through it (an applet table's entries are
  /// programs of their own).
  void addTableCall(const clang::FunctionDecl &Caller,
                    const clang::FunctionDecl &Target);
  /// \p Caller, no reaper by what its unit sees, calls \p Callee (of
  /// another file) in a loop that does not end on a failed reap
  /// (unseenCallsInForeverLoops()).
  void addLoopCall(const clang::FunctionDecl &Caller,
                   const clang::FunctionDecl &Callee);
  /// The unit installs, in the parent, what takes every child first: an
  /// ignore, or a handler that reaps any child (process-reaper-conflict).
  void addSigchldTaker(ForeignTaker Taker) {
    Takers.push_back(std::move(Taker));
  }
  /// The unit waits for a specific child (the driver re-checks it when its
  /// program has a taker).
  void addSpecificWait() { ++SpecificWaits; }
  /// The unit is compiled for a shared object (-fPIC, not -fPIE): a module
  /// a program may load with dlopen.
  void setSharedObject() { SharedObject = true; }
  /// Appends this unit's facts, one JSON object, to \p Path.
  void write(llvm::StringRef Path, llvm::StringRef MainFile,
             llvm::StringRef Variant) const;
  /// How a unit was compiled, from the predefined macros (those of the
  /// command line included): the same for every unit built with the same
  /// flags, different for a file built again with another -D.
  static std::string variantOf(llvm::StringRef Predefines);

private:
  struct Function {
    std::string Name;
    std::optional<StartSpec> Wrapper;
    std::vector<std::pair<unsigned, ParamSummary>> Params;
    std::vector<std::pair<unsigned, SpawnAttrs>> SpawnAttrParams;
    std::vector<std::pair<unsigned, PidGroupEffect>> PidGroupParams;
    std::vector<std::tuple<unsigned, std::string, unsigned>> SpawnAttrForwards;
    bool ReapsAny = false;
    bool ReapsOnce = false;
    bool ReapsGroupOnly = false;
    bool LeadsGroup = false;
    bool LeadsSession = false;
    bool LeadsTerminal = false;
    bool NeverReturns = false;
    bool LoopsForever = false;
    std::string EndsIn;
    bool Constructor = false;
    bool ReaperRoutine = false;
    bool ReaperNeedsBlock = false;
    bool ResetsSigchld = false;
    unsigned InstallsTaker = 0;
    std::optional<llvm::json::Object> EntryOrder;
    bool Defined = false;
    bool IsMain = false;
    /// Each callee once, in the order of its first call.
    std::vector<std::string> Calls;
    llvm::StringSet<> Called;
    std::vector<std::string> ChildCalls;
    std::vector<std::string> ThreadCalls;
    std::vector<std::string> TableCalls;
    std::vector<std::string> LoopCalls;
    std::vector<std::pair<std::string, unsigned>> AnyPidCalls;
    std::vector<unsigned> HandlerParams;
    /// Index, handler USR ("" for none), SIG_IGN.
    std::vector<std::tuple<unsigned, std::string, bool>> SignalParams;
    std::vector<std::pair<std::string, unsigned>> SigchldArgs;
    std::vector<std::tuple<std::string, unsigned, std::string>> FunctionArgs;
    /// addEntryCalls(); without it, every call passes an entry on.
    bool ResetFlow = false;
    std::vector<std::string> ResetCalls, EnteredCalls;
    std::vector<std::string> CoveredCalls, EnteredCoveredCalls;
    std::vector<std::string> AlwaysCalls, EnteredAlwaysCalls;
  };
  Function &function(const clang::FunctionDecl &FD);
  static llvm::json::Object toJson(llvm::StringRef Usr, const Function &F);
  /// Every function's facts, in USR order.
  llvm::json::Array functionsJson() const;
  /// toJson()'s keys about installs through parameters and arguments.
  static void addSignalFacts(const Function &F, llvm::json::Object &O);
  void addSigchldKeys(llvm::json::Object &Unit) const;

  std::vector<std::string> Order;
  /// USRs made so far, by declaration (one recorder a unit).
  llvm::DenseMap<const clang::Decl *, std::string> Usrs;
  const std::string &usr(const clang::Decl *D);
  llvm::StringMap<Function> Functions;
  struct Holder {
    std::string Usr;
    HolderDuty Duty;
    bool Signalled;
    bool GroupSignalled;
  };
  std::vector<Holder> Holders;
  std::vector<std::pair<std::string, HolderGroup>> Groups;
  std::vector<std::string> Entries;
  struct Table {
    std::string Var;
    std::vector<std::string> Functions, Vars;
  };
  std::vector<Table> Tables;
  std::vector<std::string> SigchldHandlers;
  bool InstallsReaper = false;
  bool ReapsGroupOnly = false;
  bool IgnoresSigchld = false;
  bool AdmitsSigchld = false;
  std::vector<std::string> SigchldBlockers;
  std::vector<ForeignTaker> Takers;
  std::vector<std::string> Installers;
  unsigned SpecificWaits = 0;
  bool SharedObject = false;
};

} // namespace reapcheck

#endif
