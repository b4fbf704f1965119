//===--- StartSites.h - Where a body starts children -------------*- C++
//-*-===//
//
// Finds the start sites of one body in its CFG (model starts, Boost.Process
// constructions, calls of start wrappers) and classifies each by where its
// handle goes at birth: a local holder, nowhere (discarded), or somewhere
// that outlives the function (escaped: a hand-off).
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_STARTSITES_H
#define REAPCHECK_STARTSITES_H

#include "model/ProcessApiModel.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CFG;
class SourceManager;
} // namespace clang

namespace reapcheck {

class SummaryProvider;

/// Index of a site in its body's site list.
using SiteId = unsigned;

/// One start site, or the summarised parameter of a summary (a child that is
/// live when the function is entered).
struct Site {
  const clang::Expr *Start = nullptr;    ///< CallExpr or CXXConstructExpr.
  const clang::CallExpr *Call = nullptr; ///< Start as a call, when it is one.
  clang::SourceLocation Loc;
  StartSpec Spec;
  std::string Api;
  const clang::VarDecl *Var = nullptr;       ///< Local holder.
  const clang::VarDecl *StatusVar = nullptr; ///< posix_spawn's result.
  /// StatusVar keeps the negated result (`ready = !start(&pid);`).
  bool StatusNegated = false;
  /// Set where the start failed: Boost's std::error_code, the variable
  /// whose address a row's error out-parameter is given (GError *).
  const clang::VarDecl *ErrorVar = nullptr;
  /// The handle is an object or struct (Spec.Object); its destructor reaps
  /// when Spec.DestructorReaps.
  bool Object = false;
  bool Discarded = false;
  bool Escaped = false; ///< Stored outside at birth: handed off.
  /// The member or static variable it is stored into at birth, if any.
  const clang::ValueDecl *StoredIn = nullptr;
  clang::SourceLocation StoreLoc;
  /// The body writes StoredIn nowhere else: a test of it there is a test
  /// of this child's pid (`child_pid = fork(); if (child_pid == 0)`).
  bool StoredStable = false;
  bool IsParameter = false; ///< The parameter a summary tracks.
  /// Var and its aliases (see Holders.h).
  llvm::SmallPtrSet<const clang::VarDecl *, 4> Holders;
  /// The holders that keep another kind of handle of the same child (a
  /// pidfd): reaping or signalling them counts, but their value is not the
  /// pid, so branches on it prove nothing about the child.
  llvm::SmallPtrSet<const clang::VarDecl *, 2> Duplicates;
  /// WNOHANG waits on a holder, and the locals their results are kept in:
  /// the child is reaped where such a result is known not to be 0.
  llvm::SmallPtrSet<const clang::CallExpr *, 2> Polls;
  llvm::SmallPtrSet<const clang::VarDecl *, 2> PollResults;
  /// What those polls return while the child runs (0 for waitpid).
  int64_t PollPending = 0;

  /// True when \p E evaluates to this site's handle.
  bool refersToHandle(const clang::Expr *E) const;
  /// When \p E is this start's status result (posix_spawn's return, a
  /// wrapper's success flag, or the negation kept in StatusVar): whether a
  /// value other than 0 means the child was started.
  std::optional<bool> statusSuccessIsNonZero(const clang::Expr *E) const;
  /// True when \p E is the result of a WNOHANG wait on this child.
  bool refersToPoll(const clang::Expr *E) const;
};

/// The body being analysed and the queries every unit makes about it.
class BodyContext {
public:
  BodyContext(const clang::Decl *Callable, clang::Stmt *Body,
              clang::ASTContext &Ctx);

  const clang::Decl *callable() const { return Callable; }
  clang::Stmt *body() const { return Body; }
  clang::ASTContext &astContext() const { return Ctx; }

  /// The parent of \p S above parentheses and casts (and unary minus when
  /// \p SkipNegation); \p Child receives the node directly below it.
  const clang::Stmt *parentSkipping(const clang::Stmt *S,
                                    const clang::Stmt **Child,
                                    bool SkipNegation = false) const;
  /// The parents of this body's statements.
  const clang::ParentMap &parents() const { return PM; }
  /// A by-value local of this body (not a static, not a reference).
  bool isOwnedLocal(const clang::VarDecl *V) const;
  /// Source order of expansion locations.
  bool before(clang::SourceLocation A, clang::SourceLocation B) const;

private:
  const clang::Decl *Callable;
  clang::Stmt *Body;
  clang::ASTContext &Ctx;
  const clang::SourceManager &SM;
  clang::ParentMap PM;
};

/// The start sites of \p Graph in source order, classified; then a site for
/// each summarised parameter of \p Params, in that order.
std::vector<Site>
findStartSites(const clang::CFG &Graph, const BodyContext &Body,
               const ProcessApiModel &Model, const SummaryProvider &Summaries,
               llvm::ArrayRef<const clang::ParmVarDecl *> Params);

} // namespace reapcheck

#endif
