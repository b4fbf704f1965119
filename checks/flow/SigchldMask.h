//===--- SigchldMask.h - What a call does to a blocked SIGCHLD -*- C++ -*-===//
//
// Reads sigprocmask() and pthread_sigmask() calls, and the calls a model
// row marks `sigset: admit`, for what they do to SIGCHLD in the signal
// mask: a SIGCHLD handler cannot run while the signal is blocked.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_SIGCHLDMASK_H
#define REAPCHECK_SIGCHLDMASK_H

#include "model/ProcessApiModel.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace clang {
class ASTContext;
class CallExpr;
class Stmt;
class VarDecl;
} // namespace clang

namespace reapcheck {

/// The signal sets of a body, as to SIGCHLD (the order in the body is not
/// followed).
struct SigchldSets {
  /// Those that hold SIGCHLD: filled, or given it with sigaddset, and never
  /// losing it with sigdelset.
  llvm::DenseMap<const clang::VarDecl *, bool> Holds;
  /// Those a mask call saves the mask into (its third argument, `&old`)
  /// and a SIG_SETMASK of the body puts back: a critical section.
  llvm::SmallPtrSet<const clang::VarDecl *, 2> Bracketed;
};
SigchldSets setsHoldingSigchld(const clang::Stmt *Body,
                               const ProcessApiModel &Model,
                               clang::ASTContext &Ctx);

/// What one call does to SIGCHLD in the mask.
enum class MaskEffect {
  None,     ///< Nothing: another signal's set, a null set, no mask call.
  Blocks,   ///< SIG_BLOCK or SIG_SETMASK of a set that holds SIGCHLD.
  Unblocks, ///< SIG_UNBLOCK of a set that holds it, SIG_SETMASK of a named
            ///< set that does not.
  Unknown,  ///< A mask call whose `how` or set is not known.
  Admits,   ///< A call that waits with a mask of its own or takes the
            ///< signal (`sigset: admit`: sigsuspend, pselect, sigwaitinfo).
  Brackets, ///< Blocks, saving the mask into a set the body puts back.
  Restores, ///< SIG_SETMASK of such a saved set: the mask as it was before
            ///< the critical section, whatever that was.
};

/// What \p Call does to SIGCHLD in the mask; \p Sets are its body's.
MaskEffect sigchldMaskEffect(const clang::CallExpr &Call,
                             const SigchldSets &Sets,
                             const ProcessApiModel &Model,
                             clang::ASTContext &Ctx);

} // namespace reapcheck

#endif
