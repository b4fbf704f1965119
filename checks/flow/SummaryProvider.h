//===--- SummaryProvider.h - What called functions do to a child -*- C++ -*-===//
//
// The flow of one body asks three questions about the functions it calls:
// does this call never return, what does the callee do to a handle passed
// as argument N, and does it hand its caller a child it started (a start
// wrapper).  SummaryProvider is that interface.  The flow only asks;
// the answers come from the unit layer (unit/Summaries.h: the bodies of the
// translation unit, then the project's facts).
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_SUMMARYPROVIDER_H
#define REAPCHECK_SUMMARYPROVIDER_H

#include "model/ProcessApiModel.h"
#include "clang/AST/OperationKinds.h"
#include "llvm/ADT/DenseMap.h"
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class FunctionDecl;
} // namespace clang

namespace reapcheck {

/// What a function does to the handle passed as one of its arguments,
/// judged from its body.
enum class ParamSummary { Unknown, Reaps, Harmless };

/// A function that returns (or writes through an out-parameter) a child it
/// started: its call sites are starts.
struct WrapperSummary {
  StartSpec Spec;
  std::string Api;
};

/// A predicate of the unit that returns `Param Op C` of its own parameter
/// on every path (`check_fail(r)` returning `r != 0`): a branch on a call of
/// it is a branch on that comparison of the argument.  The parameter may be
/// read through a member or static that only it is stored into (`if (error_
/// == 0) error_ = err; return error_ != 0;`): such a latch is taken to be
/// clear on entry, as where its callers stop at the first failure.
struct PredicateSummary {
  unsigned Param = 0;
  clang::BinaryOperatorKind Op = clang::BO_NE;
  int64_t C = 0;
};

/// What a call installs for SIGCHLD for the rest of the process
/// (SummaryProvider::installsTaker()), a mask of these: an ignore (or
/// SA_NOCLDWAIT), a handler that may reap, or, on different paths, both.
constexpr unsigned TakesIgnore = 1;
constexpr unsigned TakesReaper = 2;

/// What a function leaves on spawn attributes (posix_spawnattr_t): the
/// flags it sets, and whether it sets a process group other than 0.
struct SpawnAttrs {
  int64_t Flags = 0;
  bool OtherGroup = false;
  /// The functions without a body here the attributes are given to, and
  /// at which argument (for the facts: the merge follows them).
  std::vector<std::pair<const clang::FunctionDecl *, unsigned>> PassedOn;
};

/// What a function does to the process group of a process it is given
/// (setpgid(p, 0) or setpgid(p, p): Leads; setpgid(p, pgrp): Joins).
enum class PidGroupEffect { None, Leads, Joins };

class SummaryProvider {
public:
  virtual ~SummaryProvider() = default;
  /// True when \p FD never returns though not declared noreturn.
  virtual bool isInferredNoReturn(const clang::FunctionDecl *FD) = 0;
  /// True when \p FD never returns but does not end the process: it ends
  /// in an endless loop (a serving loop left only through _exit).
  virtual bool loopsForever(const clang::FunctionDecl *FD) {
    (void)FD;
    return false;
  }
  /// True when a call of \p FD does not come back: it ends the process or
  /// loops forever.
  bool neverComesBack(const clang::FunctionDecl *FD) {
    return isInferredNoReturn(FD) || loopsForever(FD);
  }
  /// What \p FD does to the handle passed as argument \p Index.
  virtual ParamSummary paramSummary(const clang::FunctionDecl *FD,
                                    unsigned Index, clang::ASTContext &Ctx) = 0;
  /// The wrapper summary of \p FD, if it is a start wrapper.
  virtual const WrapperSummary *
  wrapper(const clang::FunctionDecl *FD) const = 0;
  /// The predicate summary of \p FD, if it is such a predicate.  Providers
  /// that know none need not override it.
  virtual std::optional<PredicateSummary>
  predicate(const clang::FunctionDecl *FD) {
    (void)FD;
    return std::nullopt;
  }
  /// True when a call of \p FD may set SIGCHLD to SIG_DFL, or to a handler
  /// that reaps nothing (a `reset_signals()` helper).  Providers that know
  /// none need not override it.
  virtual bool resetsSigchld(const clang::FunctionDecl *FD,
                             clang::ASTContext &Ctx) {
    (void)FD;
    (void)Ctx;
    return false;
  }
  /// True when \p Call installs, for the rest of the process, an ignore of
  /// SIGCHLD or a handler that may reap: a helper given one (`bb_signals(1
  /// << SIGCHLD, h)`), an event loop that reaps (`EV_DEFAULT`), or a call
  /// of a function that installs one (an `install_reaper()` or `setup()`,
  /// itself or through the functions it calls).  What follows it runs
  /// covered.  Providers that know none need not
  /// override it.
  virtual unsigned installsTaker(const clang::CallExpr &Call,
                                 clang::ASTContext &Ctx) {
    (void)Call;
    (void)Ctx;
    return 0;
  }
  /// True when \p Call is a call of a function that runs only in children
  /// and there ignores SIGCHLD or installs a handler that reaps any child
  /// (a `child_init()`, ChildOnlyFunctions), or a call of such a function
  /// that calls one: the install of the child that makes the call, for the
  /// rest of that process, not the program's.  Providers that know none
  /// need not override it.
  virtual bool installsInChild(const clang::CallExpr &Call) {
    (void)Call;
    return false;
  }
  /// True when \p Call is a call of a function that installs, last, a
  /// SIGCHLD handler that runs once (SA_RESETHAND) and reaps any child of
  /// every group (an `arm_reaper()`): it reaps the next child.  Providers
  /// that know none need not override it.
  virtual bool installsOnce(const clang::CallExpr &Call) {
    (void)Call;
    return false;
  }
  /// The same for a function of the unit: what a call of it installs.
  virtual unsigned installsTaker(const clang::FunctionDecl *FD,
                                 clang::ASTContext &Ctx) {
    (void)FD;
    (void)Ctx;
    return 0;
  }
  /// True when \p FD's body sets SIGCHLD to SIG_DFL (or to a handler that
  /// reaps nothing) anywhere, the child's side of its starts included: a
  /// function whose calls may pass a reset on (InheritedDispositions).
  virtual bool resetsSigchldSomewhere(const clang::FunctionDecl *FD,
                                      clang::ASTContext &Ctx) {
    return resetsSigchld(FD, Ctx);
  }
  /// True when a call of \p FD, a function of another file, makes the
  /// calling process lead a new process group; \p Session when a session,
  /// \p Terminal when one on a terminal (the facts' `leads_group`,
  /// `leads_session`, `leads_terminal`).  Providers that know none need
  /// not override it.
  virtual bool leadsGroupElsewhere(const clang::FunctionDecl *FD,
                                   bool &Session, bool &Terminal) const {
    (void)FD;
    (void)Session;
    (void)Terminal;
    return false;
  }
  /// What \p FD, a function of another file, does to the group of the
  /// process its parameter \p Index names (the facts' `pid_group_params`).
  virtual PidGroupEffect pidGroupElsewhere(const clang::FunctionDecl *FD,
                                           unsigned Index) const {
    (void)FD;
    (void)Index;
    return PidGroupEffect::None;
  }
  /// Adds to \p Out what \p FD, a function of another file, sets on the
  /// spawn attributes its parameter \p Index points at (the facts'
  /// `spawn_attr_params`).
  virtual void spawnAttrsElsewhere(const clang::FunctionDecl *FD,
                                   unsigned Index, SpawnAttrs &Out) const {
    (void)FD;
    (void)Index;
    (void)Out;
  }
  /// True when \p Call reaps any child through a function of the project
  /// (ProcessApiModel::isReapAny knows the C library's own).  Providers that
  /// know none need not override it.
  virtual bool callReapsAny(const clang::CallExpr &Call,
                            clang::ASTContext &Ctx) {
    (void)Call;
    (void)Ctx;
    return false;
  }
  /// True when \p Call, one callReapsAny() answers yes for, is a call of a
  /// function that reaps any child only by WNOHANG polls run once (another
  /// file's `reaps_by_poll`): like such a poll, it reaps a running child
  /// only where the call runs again.
  virtual bool callPollsAny(const clang::CallExpr &Call) {
    (void)Call;
    return false;
  }
};

/// Whether \p Call reaps any child: the C library's reap-any calls, and
/// the project's own through \p Summaries.
inline bool reapsAny(const ProcessApiModel &Model, SummaryProvider &Summaries,
                     const clang::CallExpr &Call, clang::ASTContext &Ctx) {
  return Model.isReapAny(Call, Ctx) || Summaries.callReapsAny(Call, Ctx);
}

} // namespace reapcheck

#endif
