//===--- LeakPath.h - One leaking path, explained ----------------*- C++
//-*-===//
//
// After the fixed point, for one reported start: the branch decisions on one
// path from the start to the point where its child leaked, keeping only the
// decisions that matter.  The path follows, back from the leak, the edge that
// first brought the child in live to each block (FlowTrace), so it is found
// without enumerating paths.  A decision matters when the branch not taken
// would have kept the child (no pruning there) but could not have led to the
// leak with the child still live: the other way reaps it (by a call, or by a
// WNOHANG poll's result) or hands it off.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_LEAKPATH_H
#define REAPCHECK_LEAKPATH_H

#include "flow/LiveSet.h"
#include "flow/ReapAnalysis.h"
#include "flow/Solver.h"
#include <vector>

namespace reapcheck {

/// What the reap analysis's fixed point leaves behind to explain one path
/// afterwards (ReapFlow records it through the solver's hooks).
struct FlowTrace {
  struct Edge {
    const clang::CFGBlock *From = nullptr;
    unsigned SuccIndex = 0;
  };
  explicit FlowTrace(unsigned NumBlocks = 0)
      : Out(NumBlocks), FirstLiveFrom(NumBlocks) {}
  /// Notes, for each site \p Brought brings in live to \p To for the first
  /// time (\p Old is what was there, null if nothing), the edge it came
  /// over.
  void arrive(const clang::CFGBlock &From, unsigned SuccIndex,
              const clang::CFGBlock &To, const LiveSet *Old,
              const LiveSet &Brought);

  /// By block ID: the state at the block's end before its edges (empty when
  /// never reached, or when the block ends the path).
  std::vector<LiveSet> Out;
  /// By block ID, then site: the edge that first brought the site in live.
  /// Following these edges back from a block never cycles: each was recorded
  /// before the state it leads to.
  std::vector<std::vector<Edge>> FirstLiveFrom;
};

/// A test of the edge From -> its successor SuccIndex (To) for the site's
/// child: does the edge keep it (not pruned: a child exists there), does it
/// carry it (kept, and not reaped by the edge).
using EdgeTest =
    llvm::function_ref<bool(const clang::CFGBlock &From, unsigned SuccIndex,
                            const clang::CFGBlock &To)>;

/// The decisions that matter on one path carrying site \p I's child from
/// \p Start (the block of its start) to \p Leak (the block where it leaked)
/// and, when it leaked on leaving \p Leak for the function's exit, on to
/// \p Exit; in path order.
std::vector<PathStep>
leakingDecisions(const clang::CFG &Graph, const FlowTrace &Trace, SiteId I,
                 const clang::CFGBlock &Start, const clang::CFGBlock &Leak,
                 const clang::CFGBlock *Exit, EdgeTest Keeps, EdgeTest Carries);

} // namespace reapcheck

#endif
