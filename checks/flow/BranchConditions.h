//===--- BranchConditions.h - What a branch says about a child ---*- C++
//-*-===//
//
// Pure functions of one CFG edge: does taking it prove that a site has no
// parent-side child (the start failed, or this is the child itself)?  The
// forms understood: `h < 0`, `h == -1`, `h <= 0`, `h == 0`, `!h`, `h` and
// their mirrors and negations (also through a predicate of the unit that
// returns one, see PredicateSummary), `switch (h)` cases, posix_spawn's status
// `!= 0`, popen's `== NULL`, Boost's `!c.valid()` and `if (ec)`.  A WNOHANG
// wait's result other than 0 (`r == pid`, `r != 0`, `r > 0`) reaps.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_BRANCHCONDITIONS_H
#define REAPCHECK_BRANCHCONDITIONS_H

#include "flow/StartSites.h"

namespace clang {
class CFGBlock;
} // namespace clang

namespace reapcheck {

class SummaryProvider;

/// False when taking branch \p Branch (true/false) of \p Cond proves that
/// \p S has no parent-side child.  With \p Summaries, a call of a predicate
/// of the unit (`check_fail(posix_spawn(...))`) is read as the comparison it
/// returns.
bool edgeMayKeep(const Site &S, const clang::Expr *Cond, bool Branch,
                 clang::ASTContext &Ctx, SummaryProvider *Summaries = nullptr);

/// True when taking branch \p Branch of \p Cond proves that a WNOHANG wait
/// on \p S reported the child (its result is not 0): the child is reaped.
bool edgeReapsByPoll(const Site &S, const clang::Expr *Cond, bool Branch,
                     clang::ASTContext &Ctx);

/// The variable that taking branch \p Branch of \p Cond proves null (`if
/// (out)`'s false branch, `if (out == NULL)`'s true branch), if any.
const clang::VarDecl *provenNull(const clang::Expr *Cond, bool Branch,
                                 clang::ASTContext &Ctx);

/// False when entering the case labelled \p Low ... \p High of a switch on
/// \p Subject proves that \p S has no parent-side child.
bool caseMayKeep(const Site &S, const clang::Expr *Subject, int64_t Low,
                 int64_t High);

/// The value deciding \p From's two-way branch: in `if (a && b)` the block
/// evaluating `b` is terminated by the `if`, whose condition is `a && b`,
/// but the value deciding its edges is `b`, the last thing it evaluated.
const clang::Expr *decidingCondition(const clang::CFGBlock &From);

} // namespace reapcheck

#endif
