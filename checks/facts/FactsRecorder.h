//===--- FactsRecorder.h - One unit's facts, in index mode ------*- C++ -*-===//
//
// What the index pass learns about one translation unit, collected by
// FactsIndex.cpp and written as the unit's part of the facts
// (REAPCHECK_INDEX=FILE; docs/facts.md): FactsRecorder.cpp collects,
// FactsJson.cpp writes.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_FACTSRECORDER_H
#define REAPCHECK_FACTSRECORDER_H

#include "facts/ProjectFacts.h"

namespace reapcheck {

/// One translation unit's facts, written in index mode.
class FactsRecorder {
public:
  void addWrapper(const clang::FunctionDecl &FD, const StartSpec &Spec);
  /// \p FD is a wrapper only if \p Callee, of another file, keeps nothing
  /// given as argument \p Index (its `params` say harmless): the merge
  /// decides (`wrapper_unless`).
  void addWrapperUnless(const clang::FunctionDecl &FD,
                        const clang::FunctionDecl &Callee, unsigned Index);
  void addParam(const clang::FunctionDecl &FD, unsigned Index,
                ParamSummary Summary);
  void addReapsAny(const clang::FunctionDecl &FD);
  /// \p FD reaps any child, but not in a loop (reapsEveryChild()): as a
  /// SIGCHLD handler it leaves the children of coalesced signals.
  void addReapsOnce(const clang::FunctionDecl &FD);
  /// \p FD reaps any child only by WNOHANG polls run once (reapsOnlyByPolls()).
  void addReapsByPoll(const clang::FunctionDecl &FD);
  /// A call of \p FD installs a one-shot reaper (installsOnce()).
  void addInstallsOnce(const clang::FunctionDecl &FD);
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
  /// every path; the calls made where no such cover holds.
  enum class EntryKind { Reset, Covered, AlwaysReset, Uncovered };
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
    std::vector<std::pair<std::string, unsigned>> WrapperUnless;
    std::vector<std::pair<unsigned, ParamSummary>> Params;
    std::vector<std::pair<unsigned, SpawnAttrs>> SpawnAttrParams;
    std::vector<std::pair<unsigned, PidGroupEffect>> PidGroupParams;
    std::vector<std::tuple<unsigned, std::string, unsigned>> SpawnAttrForwards;
    bool ReapsAny = false;
    bool ReapsOnce = false;
    bool ReapsByPoll = false;
    bool InstallsOnce = false;
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
    std::vector<std::string> UncoveredCalls, EnteredUncoveredCalls;
  };
  Function &function(const clang::FunctionDecl &FD);
  static llvm::json::Object toJson(llvm::StringRef Usr, const Function &F);
  /// Every function's facts, in USR order.
  llvm::json::Array functionsJson() const;
  /// toJson()'s keys about installs through parameters and arguments.
  static void addSignalFacts(const Function &F, llvm::json::Object &O);
  /// What a function that installs or resets passes on (addEntryCalls()).
  static void addEntryFlow(const Function &F, llvm::json::Object &O);
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
