//===--- SigchldDispositions.h - What takes a child first ----- -*- C++ -*-===//
//
// For process-reaper-conflict: along one body's paths, whether the process
// may leave its children to the kernel (SIGCHLD ignored or SA_NOCLDWAIT) or
// to a SIGCHLD handler that reaps any child, and whether SIGCHLD is blocked,
// at each wait for one specific child.  One forward pass of solve(), seeded
// with what the unit's other functions leave installed.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_SIGCHLDDISPOSITIONS_H
#define REAPCHECK_SIGCHLDDISPOSITIONS_H

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

#include "model/ProcessApiModel.h"
#include <string>
#include <utility>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class Decl;
class FunctionDecl;
class Stmt;
} // namespace clang

namespace reapcheck {

class SummaryProvider;

/// An ignore of SIGCHLD, or a handler that reaps any child, that another
/// file of the program installs (the project facts' sigchld_takers).
struct ForeignTaker {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  /// SIG_IGN or SA_NOCLDWAIT; otherwise a handler that reaps any child.
  bool Ignores = false;
  std::string Handler;
  /// The USR of the function that installs it (index mode only).
  std::string Installer;
};

/// What may take a child before its parent's wait, on some path.
struct Disposition {
  /// The install after which the kernel reaps (SIG_IGN, SA_NOCLDWAIT).
  const clang::CallExpr *Ignored = nullptr;
  /// The install of a handler that reaps any child, and that handler.
  const clang::CallExpr *Reaper = nullptr;
  const clang::FunctionDecl *Handler = nullptr;
  /// The start of a thread whose routine reaps any child over and over
  /// (reapsOverAndOver()), and that routine: it takes children whatever
  /// the disposition and the mask (a may fact).
  const clang::CallExpr *ThreadStart = nullptr;
  const clang::FunctionDecl *Thread = nullptr;
  /// SIGCHLD is blocked on every path (a must fact).
  bool Blocked = false;
  /// SIG_DFL, or a handler that reaps nothing, may be in effect: set by
  /// this process (or the one it was forked from) and not replaced by an
  /// ignore or a reaper since.  Whatever the program installed elsewhere,
  /// nothing reaps a child started here for it (a may fact).
  bool Reset = false;
  /// The same on every path (a must fact): the reset surely holds here.
  bool ResetAlways = false;
  /// main has installed no ignore nor reaper on any path here: SIGCHLD is at
  /// the default the process started with (a must fact).
  bool Unset = false;
  /// SIGCHLD ignored, or a handler that reaps any child installed, may be
  /// in effect (a may fact, as the unit's installs are counted): the
  /// kernel or the handler takes the children started here.
  bool Covers = false;
  /// What another file installed for the program and nothing here
  /// replaced since (a may fact, given on entry).
  const ForeignTaker *Foreign = nullptr;
  /// On every path, the body installed no ignore nor handler, or undid the
  /// last one since (SIG_DFL, a saved disposition put back): a must fact.
  /// Where the body returns, false means an install of the body may
  /// outlast it.
  bool Uncovered = true;

  /// Joins the paths: a may for the installs, a must for Blocked.  True
  /// when this changed.
  bool join(const Disposition &From);
  bool operator==(const Disposition &O) const {
    return Ignored == O.Ignored && Reaper == O.Reaper &&
           ThreadStart == O.ThreadStart && Blocked == O.Blocked && Reset == O.Reset &&
           ResetAlways == O.ResetAlways && Unset == O.Unset &&
           Covers == O.Covers &&
           Foreign == O.Foreign && Uncovered == O.Uncovered;
  }
};

struct DispositionFacts {
  /// What the body may leave installed for the rest of the program: the
  /// state where it returns, or, when it never returns, anywhere it runs.
  Disposition Lasting;
  /// The body's waits for one specific child, with the state at each.
  std::vector<std::pair<const clang::CallExpr *, Disposition>> Waits;
  /// How each of those waits waits, in the same order.
  std::vector<SpecificWait> How;
  /// The functions the body calls where Reset may hold (canonical).
  std::vector<const clang::FunctionDecl *> CalledReset;
  /// The functions the body calls where Covers may hold and Reset may not.
  std::vector<const clang::FunctionDecl *> CalledCovered;
  /// The functions the body calls, at least once, where the condition of
  /// CalledCovered does not hold (a function every call of which is
  /// covered is entered covered: InheritedDispositions).
  std::vector<const clang::FunctionDecl *> CalledUncovered;
  /// The calls (of the functions the body defines or declares) made where
  /// the condition of CalledCovered holds.
  llvm::DenseSet<const clang::CallExpr *> CoveredCalls;
  /// The functions the body calls where ResetAlways holds.
  std::vector<const clang::FunctionDecl *> CalledResetAlways;
  /// The calls (any: starts too) made where Unset holds and no reaper may
  /// be installed after them (Ahead).
  llvm::DenseSet<const clang::CallExpr *> UnsetCalls;
};

/// The calls of \p Body after which, on some path, a handler that may reap
/// any child is installed (by the body, through a helper given it, or by a
/// call of a function that installs one: SummaryProvider::installsTaker()).
/// A child started there, or by a function called there, that outlives the
/// install is that handler's, and one that exits before it is reaped with
/// the next child.  An ignore is not counted: Linux leaves a zombie that
/// exists when SIGCHLD is set to SIG_IGN.  Asked for main, whose starts
/// run with SIGCHLD at the default until it installs (the order along
/// main, InheritedDispositions).
using CallSet = llvm::DenseSet<const clang::CallExpr *>;
CallSet reaperAheadCalls(const clang::Decl *Callable, clang::Stmt *Body,
                         clang::ASTContext &Ctx, const ProcessApiModel &Model,
                         SummaryProvider &Summaries);

/// The dispositions along \p Body (of \p Callable), starting from
/// \p Entry.  With \p Covering, only those install calls set Covers (an
/// ignore or reaper elsewhere neither sets nor clears it).  A call of
/// \p Ahead (reaperAheadCalls()) is not recorded as called reset.  False
/// when no CFG can be built.
bool analyseDispositions(
    const clang::Decl *Callable, clang::Stmt *Body, clang::ASTContext &Ctx,
    const ProcessApiModel &Model, SummaryProvider &Summaries,
    const Disposition &Entry, DispositionFacts &Facts,
    const llvm::SmallPtrSetImpl<const clang::CallExpr *> *Covering = nullptr,
    const CallSet *Ahead = nullptr);

} // namespace reapcheck

#endif
