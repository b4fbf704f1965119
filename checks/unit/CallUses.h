//===--- CallUses.h - Where the unit's functions are called -------*- C++ -*-===//
//
// Every use of the unit's functions and of its private tables of callbacks:
// a direct call, an entry of a table, a call through a table's member or
// element (`ops[i].run()`, `init_steps[i]()`).  Any
// other use (a function's address taken, a table passed on) lets the
// function be called where the unit cannot see: it escapes.  One walk of
// the unit, for CallerReapers and the installs of SIGCHLD takers.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_CALLUSES_H
#define REAPCHECK_CALLUSES_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <utility>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class FunctionDecl;
} // namespace clang

namespace reapcheck {

struct CallUses {
  /// Every call of a function of the unit, direct or through a table, with
  /// its caller.
  std::vector<std::pair<const clang::CallExpr *, const clang::FunctionDecl *>>
      Calls;
  /// Functions (canonical) some use of which is not a call nor a table entry
  /// seen whole.
  llvm::DenseSet<const clang::FunctionDecl *> Escaped;
  /// The functions a call through a table's member may reach.
  llvm::DenseMap<const clang::CallExpr *,
                 std::vector<const clang::FunctionDecl *>>
      TableTargets;
};

CallUses collectCallUses(clang::ASTContext &Ctx);

/// True when \p Call goes through a member or an element of a private
/// table (`ops[i].run()`, `init_steps[i]()`): read from the call alone, so
/// that a unit none of whose calls does needs no collectCallUses() to know
/// a call's table targets.
bool callsThroughTable(const clang::CallExpr &Call);

} // namespace reapcheck

#endif
