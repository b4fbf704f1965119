//===--- InheritedDispositions.h - What a caller leaves SIGCHLD -*- C++ -*-===//
//
// A disposition belongs to the process, and a function runs with the one
// its caller left:
// - entered reset: a worker that sets SIGCHLD back to SIG_DFL (or to a
//   handler that reaps nothing) and then calls a function that forks leaves
//   that function's children to nobody, whatever handler main installed;
// - entered covered: a child that ignores SIGCHLD (or installs a handler
//   that reaps any child) only on its side of a fork and then calls
//   `serve()` leaves serve()'s children to the kernel or that handler,
//   although the unit's parent is not covered (ChildSide).
// - main is entered unset: a process starts with SIGCHLD at its default, so
//   what main calls where no path made an install yet (itself, or through a
//   call of a function that does: installsTaker()) is entered reset, as the
//   helper mode of `if (helper) return helper_main();`, unless a handler
//   that reaps may be installed after the call (reaperAhead()); the calls
//   of main made so are unsetCalls(), for its own starts.
// A function is entered reset when some caller calls it, on some path,
// where a reset may hold (the Reset of SigchldDispositions) and nothing
// replaced it since, or when a caller entered so calls it while that may
// still hold: a may fact.  It is entered covered when every call of it is
// made so (the Covers of SigchldDispositions): the caller's own cover, or
// the one it was entered with, if that caller is entered covered too (the
// greatest such set).  A function entered both ways is taken to be entered
// reset.  Calls through pointers are not seen; without the facts, neither
// are other files' calls.  With them, the program's answer is the facts'
// (`entered_reset` added to the unit's, `entered_covered`).
//
// Only the functions that reset, that install only in a child, and those
// entered either way are analysed, a few times each: a unit that never
// touches SIGCHLD costs one walk of its calls.  Built on the first
// question.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_INHERITEDDISPOSITIONS_H
#define REAPCHECK_INHERITEDDISPOSITIONS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "flow/SigchldDispositions.h"
#include <utility>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class Decl;
class FunctionDecl;
} // namespace clang

namespace reapcheck {

struct CallUses;
class ProcessApiModel;
class ProjectFacts;
class SummaryProvider;

/// SIGCHLD ignores and reaper installs that cover only the calls made after
/// them, with their function: those that run only in a child (a child's
/// side, a function that runs only in children, a call of one), and those
/// their function undoes on every path before it returns.
using ScopedInstallList =
    std::vector<std::pair<const clang::Decl *, const clang::CallExpr *>>;

class InheritedDispositions {
public:
  InheritedDispositions(clang::ASTContext &Ctx, const ProcessApiModel &Model,
                        SummaryProvider &Summaries, const ProjectFacts *Facts,
                        llvm::StringRef Variant,
                        const ScopedInstallList &ScopedInstalls);

  /// True when \p FD may start running with SIGCHLD reset.
  bool entersReset(const clang::FunctionDecl *FD);
  /// True when \p FD may start running with SIGCHLD ignored or reaped, and
  /// is not entered reset.
  bool entersCovered(const clang::FunctionDecl *FD);
  /// True for main, which starts running with SIGCHLD at its default,
  /// unless a constructor function of the unit or, with the facts, of the
  /// program installs an ignore or a reaper before it runs.
  bool entersUnset(const clang::FunctionDecl *FD);
  /// For main: its calls made where SIGCHLD is surely still at that
  /// default, with no reaper installed after them; null for others.
  const CallSet *unsetCalls(const clang::FunctionDecl *FD);
  /// For main: the calls after which it may install a handler that reaps
  /// (reaperAheadCalls()), whose children are not left to nobody; null for
  /// any other function.
  const CallSet *reaperAhead(const clang::FunctionDecl *FD);

private:
  enum Entry : unsigned { None = 0, Reset = 1, Covered = 2, Unset = 4 };

  /// How \p FD is entered: a mask of Entry, from the unit and the facts.
  unsigned entryOf(const clang::FunctionDecl *FD);
  unsigned entryByFacts(const clang::FunctionDecl *FD) const;
  void build();
  /// Analyses \p Caller entered with \p How; what it calls while reset or
  /// covered is entered so.
  void follow(const clang::FunctionDecl &Caller, Entry How);
  void enter(const clang::FunctionDecl *FD, Entry How);
  /// Keeps in CoveredByEveryCall the functions entered covered by each of
  /// the unit's calls of them (\p Uses).
  void keepCoveredByEveryCall(const CallUses &Uses);

  clang::ASTContext &Ctx;
  const ProcessApiModel &Model;
  SummaryProvider &Summaries;
  const ProjectFacts *Facts;
  std::string Variant;
  const ScopedInstallList &ScopedInstalls;
  /// Their calls: the only installs that make a function's callees
  /// entered covered (the others cover the whole unit already).
  llvm::SmallPtrSet<const clang::CallExpr *, 4> Covering;
  bool Built = false;
  /// How each function of the unit is entered (a mask of Entry), by
  /// canonical declaration; whether it was followed that way yet.
  llvm::DenseMap<const clang::FunctionDecl *, unsigned> Entered, Followed;
  llvm::SmallVector<std::pair<const clang::FunctionDecl *, Entry>, 8> Work;
  llvm::DenseMap<const clang::FunctionDecl *, CallSet> Ahead, Unsets;
  /// The calls made under a caller's own cover, and those made under the
  /// cover a caller was entered with.
  CallSet OwnCovered, EntryCovered;
  llvm::DenseSet<const clang::FunctionDecl *> CoveredByEveryCall;
};

} // namespace reapcheck

#endif
