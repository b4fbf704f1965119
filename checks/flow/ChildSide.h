//===--- ChildSide.h - Code that runs only in a started child ---*- C++ -*-===//
//
// Where a body runs only in a child it started: every path from the entry
// took an edge that proves one of its starts has no parent-side child there
// (the start returned 0, so this is the child, or it failed; the two are
// not told apart, and a SIGCHLD install on a failed start's path is rare).
// A SIGCHLD ignore or reaper installed there covers that child and what it
// starts, not the parent (the kernel keeps dispositions per process).
// One forward "must" pass of solve(): paths joined by intersection.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_CHILDSIDE_H
#define REAPCHECK_CHILDSIDE_H

#include "flow/PreparedBody.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace clang {
class CallExpr;
class CFGBlock;
} // namespace clang

namespace reapcheck {

/// The sites of \p Body that taking the CFG edge From -> its successor
/// \p SuccIndex (\p To) proves to have no parent-side child.
llvm::BitVector sitesWithoutParentChild(const PreparedBody &Body,
                                        const clang::CFGBlock &From,
                                        unsigned SuccIndex,
                                        const clang::CFGBlock &To);

/// The calls of \p Body that run only on the child side of its starts.
llvm::SmallPtrSet<const clang::CallExpr *, 8>
childSideCalls(const PreparedBody &Body);

} // namespace reapcheck

#endif
