//===--- CallerReapers.h - Functions whose callers reap any child -*- C++
//-*-===//
//
// A function of the unit that only returns to callers reaping any child
// afterwards: openvswitch's tests fork in a helper, return, and the test
// table's driver runs `tests[i].function()` then `while (wait(&status) > 0)`.
// A child such a function leaves live when it returns is reaped by that
// reap-any, as a child of a function whose SIGCHLD handler reaps is.  So is
// one whose callers end the process after the call on every path (a `main`
// that execs or dies right after), as it would be were the function's body
// written in theirs.
//
// Only functions of internal linkage qualify (every caller is in the unit),
// and only when every use of the function is a call or an entry of a table
// of file scope, of internal linkage, whose every use is a call through one
// of its members or a read of a member that is not a function.  Built on
// the first question, once per unit.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_CALLERREAPERS_H
#define REAPCHECK_CALLERREAPERS_H

#include "llvm/ADT/ArrayRef.h"
#include "unit/CallUses.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <optional>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class CFG;
class CFGBlock;
class CFGElement;
class FunctionDecl;
} // namespace clang

namespace reapcheck {

class ProcessApiModel;
class SummaryProvider;

/// What a CFG element does for a child left live by a callee: nothing, reap
/// it, end the process, or leave the path for somewhere unknown.
enum class AfterMark { None, Reaps, Ends, Lost };

class CallerReapers {
public:
  CallerReapers(clang::ASTContext &Ctx, const ProcessApiModel &Model,
                SummaryProvider &Summaries)
      : Ctx(Ctx), Model(Model), Summaries(Summaries) {}

  /// True when a child \p FD leaves live where it returns is reaped by its
  /// callers or outlives none of them: after every call of \p FD, each path
  /// of the caller reaches a repeated blocking reap of every child or ends
  /// the process (`exit`, `err`, an exec) before the caller returns
  /// (util-linux's switch_root: `main` execs init or dies); or the caller
  /// returns to callers that reap in turn, some path of which does reap (a
  /// caller that only exits later, busybox wget's, leaves a zombie until
  /// then and does not count).
  bool clearedAfterReturn(const clang::FunctionDecl *FD);

private:
  /// What the rest of the caller does after one call.
  struct After {
    const clang::FunctionDecl *Caller = nullptr;
    bool Covered = false; ///< Every path reaps, ends or returns.
    bool Reaps = false;   ///< Some path reaches a reap of any child.
    bool Returns = false; ///< Some path returns first.
  };
  /// Collects the calls, judges each caller once, then the least fixed
  /// point over the call graph (Reaped, Cleared).
  void build();
  /// What follows each of \p Calls in \p Caller's body, added to Sites.
  void judgeCalls(const clang::FunctionDecl &Caller,
                  llvm::ArrayRef<const clang::CallExpr *> Calls);

  /// What the element \p E of \p B (in \p Graph) does for a child left
  /// live by a callee.
  AfterMark markOf(const clang::CFG &Graph, const clang::CFGBlock &B,
                   const clang::CFGElement &E);
  /// The functions \p Call may reach: its callee, or a table's functions.
  std::vector<const clang::FunctionDecl *>
  targetsOf(const clang::CallExpr &Call) const;

  /// True when \p Call ends the process: exit, abort, err, a noreturn
  /// function of the project that neither longjmps nor ends its thread, or
  /// an exec (the new program inherits the children).
  bool endsProcess(const clang::CallExpr &Call);

  clang::ASTContext &Ctx;
  const ProcessApiModel &Model;
  SummaryProvider &Summaries;
  bool Built = false;
  /// Where the unit's functions are called, and which escape.
  CallUses Uses;
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<After>> Sites;
  /// Functions whose callers reap (the least fixed point), and those whose
  /// callers reap or end the process.
  llvm::DenseSet<const clang::FunctionDecl *> Reaped, Cleared;
  llvm::DenseMap<const clang::FunctionDecl *, bool> EndsProcess;
  /// Per block of the caller being judged, whether it is on a cycle.
  llvm::DenseMap<const clang::CFGBlock *, bool> OnCycle;
};

} // namespace reapcheck

#endif
