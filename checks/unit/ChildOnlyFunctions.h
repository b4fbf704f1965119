//===--- ChildOnlyFunctions.h - Functions that run only in children -*- C++ -*-===//
//
// A function runs only in children when it is called at least once, every
// call of it is on the child's side of a start (ChildSide) or made by
// another such function, and its address is never taken.  An ignore or a
// reaper it installs is the child's, not the unit's: a `child_init()` that
// a server child calls before `serve()`.  The greatest such set, from the
// unit's calls; the project facts' `child_only` adds what other files'
// calls show.  Only the bodies that start children can have a child side,
// so only theirs are prepared; built when a function that is not main
// installs something.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_CHILDONLYFUNCTIONS_H
#define REAPCHECK_CHILDONLYFUNCTIONS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <utility>

namespace clang {
class ASTContext;
class CallExpr;
class Decl;
class FunctionDecl;
} // namespace clang

namespace reapcheck {

class ChildOnlyFunctions {
public:
  /// A call of a function of the unit, with its caller (canonical).
  using CallOf = std::pair<const clang::CallExpr *, const clang::FunctionDecl *>;
  /// \p ChildSideOf: the calls a caller makes only on the child's side of
  /// its starts; asked only of callers for which \p Starts holds.
  ChildOnlyFunctions(
      clang::ASTContext &Ctx,
      llvm::function_ref<bool(const clang::FunctionDecl &)> Starts,
      llvm::function_ref<bool(const clang::FunctionDecl &,
                              const clang::CallExpr &)>
          ChildSideOf);

  bool contains(const clang::FunctionDecl *FD) const;
  /// The unit's direct calls of \p FD.
  llvm::ArrayRef<CallOf> callsOf(const clang::FunctionDecl *FD) const;

private:
  llvm::DenseMap<const clang::FunctionDecl *, llvm::SmallVector<CallOf, 2>>
      Calls;
  llvm::DenseSet<const clang::FunctionDecl *> Only;
};

} // namespace reapcheck

#endif
