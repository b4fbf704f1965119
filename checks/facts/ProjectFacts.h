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
// FactsRecorder (FactsRecorder.h) writes one translation unit's part in
// index mode (REAPCHECK_INDEX=FILE); the driver merges the parts.
// ProjectFacts reads the merged file for the check (option FactsFile).
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
  /// With None, in an index part: the calls of other files' functions
  /// that may make the child lead after all (GroupFacts::ForeignMoves), as
  /// (USR, pid argument or -1, line, column); the merge decides.
  std::vector<std::tuple<std::string, int, unsigned, unsigned>> Via;
};

struct FunctionFacts {
  std::optional<StartSpec> Wrapper;
  llvm::DenseMap<unsigned, ParamSummary> Params;
  /// By parameter: what it sets on the spawn attributes it points at.
  llvm::DenseMap<unsigned, SpawnAttrs> SpawnAttrParams;
  /// By parameter: what it does to the group of the process named there.
  llvm::DenseMap<unsigned, PidGroupEffect> PidGroupParams;
  bool ReapsAny = false;
  /// ... only by WNOHANG polls run once (`reaps_by_poll`): a call of it
  /// reaps a running child only where the call runs again.
  bool ReapsByPoll = false;
  /// A call of it installs a one-shot reaper (`installs_once`).
  bool InstallsOnce = false;
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

} // namespace reapcheck

#endif
