//===--- Solver.h - Forward worklist over a CFG ------------------*- C++
//-*-===//
//
// A forward "may" data-flow to a fixed point: the state entering a block is
// the union of its predecessors' exits, each filtered by its edge.  Every
// block is re-queued only when its entry state grows, so the work is
// O(blocks x sites) bit operations, never a path enumeration.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_SOLVER_H
#define REAPCHECK_SOLVER_H

#include "LiveSet.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLExtras.h"
#include <vector>

namespace clang {
class CFG;
class CFGBlock;
} // namespace clang

namespace reapcheck {

class FlowProblem {
public:
  virtual ~FlowProblem() = default;
  virtual LiveSet entryState() const = 0;
  /// Applies \p B's statements; false when the block ends the path.
  virtual bool transferBlock(const clang::CFGBlock &B, LiveSet &State) = 0;
  /// Narrows \p State on the edge \p From -> its successor \p SuccIndex.
  virtual void transferEdge(const clang::CFGBlock &From, unsigned SuccIndex,
                            const clang::CFGBlock &To, LiveSet &State) = 0;
  /// \p State reaches the function's exit from \p From.
  virtual void reachExit(const clang::CFGBlock &From, const LiveSet &State) = 0;
};

/// What the fixed point leaves behind to explain one path afterwards.
struct FlowTrace {
  struct Edge {
    const clang::CFGBlock *From = nullptr;
    unsigned SuccIndex = 0;
  };
  /// By block ID: the state entering the block, and the state at its end
  /// before its edges (empty when never reached, or when the block ends the
  /// path).
  std::vector<LiveSet> In, Out;
  /// By block ID, then site: the edge that first brought the site in live.
  /// Following these edges back from a block never cycles: each was recorded
  /// before the state it leads to.
  std::vector<std::vector<Edge>> FirstLiveFrom;
};

/// Runs \p Problem to its fixed point; with \p Trace, also records it.
void solveForward(const clang::CFG &Graph, FlowProblem &Problem,
                  FlowTrace *Trace = nullptr);

/// The blocks (by ID) from which some block satisfying \p IsTarget can be
/// reached over reachable edges that \p Keeps (From, successor index, To)
/// accepts, targets included.  One backward pass.
llvm::BitVector
blocksReaching(const clang::CFG &Graph,
               llvm::function_ref<bool(const clang::CFGBlock &)> IsTarget,
               llvm::function_ref<bool(const clang::CFGBlock &, unsigned,
                                       const clang::CFGBlock &)>
                   Keeps);

} // namespace reapcheck

#endif
