//===--- Solver.h - The one data-flow engine over a CFG ----------*- C++ -*-===//
//
// Every fixed point of the check is computed by solve(): Kildall's worklist,
// forward or backward.  A block is queued again only when the state where
// its edges meet grows, so the work is bounded by the height of the lattice
// times the edges, never a path enumeration.
//
// A problem is a class with
//
//   using State = ...;                        one lattice value
//   static constexpr Direction Dir = ...;
//   std::optional<State> seed(const CFGBlock &B);
//       the boundary value of B, if it has one (the entry of a forward
//       problem, the targets or the exit of a backward one)
//   bool transferBlock(const CFGBlock &B, State &S);
//       S where B's edges meet -> S at B's far end; false: no path goes on
//   bool transferEdge(const CFGBlock &From, unsigned SuccIndex,
//                     const CFGBlock &To, State &S);
//       the CFG edge From -> its successor SuccIndex (To), whichever way the
//       problem runs; false: the state does not cross it
//   bool join(State &Into, const State &From);
//       Into := Into joined with From; true when Into changed
//
// and, as needed, the hooks of SolverHooks.  A block's first state is the
// first edge state that reaches it, so a "must" problem joins with an
// intersection and never needs a top value.  Edges to unreachable blocks
// (clang's pruned branches) are not followed.
//
// Its users: ReapFlow (the reap analysis, forward), StableConditions
// (forward, must), blocksReaching() (backward), CallerReapers (backward).
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_SOLVER_H
#define REAPCHECK_SOLVER_H

#include "clang/Analysis/CFG.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <deque>
#include <optional>
#include <utility>
#include <vector>

namespace reapcheck {

enum class Direction { Forward, Backward };

/// The hooks a problem may override (by hiding them); each does nothing
/// here.
template <typename State> struct SolverHooks {
  /// The edge From -> To (CFG order) brings \p S, and the problem takes it
  /// instead of the solver (ReapFlow at the function's exit): true stops it.
  bool absorbs(const clang::CFGBlock &From, const clang::CFGBlock &To,
               const State &S) {
    return false;
  }
  /// \p S is the state at \p B's far end (after transferBlock).
  void leaves(const clang::CFGBlock &B, const State &S) {}
  /// The edge From -> successor SuccIndex (To, CFG order) brings \p Edge
  /// to where the edges of \p Into meet, whose state is \p Old (null the
  /// first time); called before the join.
  void grows(const clang::CFGBlock &From, unsigned SuccIndex,
             const clang::CFGBlock &To, const clang::CFGBlock &Into,
             const State *Old, const State &Edge) {}
};

/// The state where each block's edges meet, by block ID (the state entering
/// the block forward, leaving it backward); empty where none arrives.
template <typename State> using MetStates = std::vector<std::optional<State>>;

namespace detail {
/// The worklist of one solve().
template <typename Problem> class Worklist {
  using State = typename Problem::State;
  static constexpr bool Forward = Problem::Dir == Direction::Forward;

public:
  Worklist(const clang::CFG &Graph, Problem &P)
      : P(P), Met(Graph.getNumBlockIDs()), Queued(Graph.getNumBlockIDs()) {
    if (Forward) {
      seed(Graph.getEntry());
      return;
    }
    // Backward, the edges into each block's far end: (predecessor, index).
    Into.resize(Graph.getNumBlockIDs());
    for (const clang::CFGBlock *B : Graph) {
      unsigned Index = 0;
      for (const auto &Succ : B->succs()) {
        if (const clang::CFGBlock *To = Succ.getReachableBlock())
          Into[To->getBlockID()].push_back({B, Index});
        ++Index;
      }
      seed(*B);
    }
  }

  MetStates<State> run() {
    while (!Work.empty()) {
      const clang::CFGBlock *B = Work.front();
      Work.pop_front();
      Queued[B->getBlockID()] = false;
      State S = *Met[B->getBlockID()];
      if (!P.transferBlock(*B, S))
        continue;
      P.leaves(*B, S);
      if (Forward) {
        unsigned Index = 0;
        for (const auto &Succ : B->succs()) {
          if (const clang::CFGBlock *To = Succ.getReachableBlock())
            cross(*B, Index, *To, *To, S);
          ++Index;
        }
      } else {
        for (const auto &[Pred, Index] : Into[B->getBlockID()])
          cross(*Pred, Index, *B, *Pred, S);
      }
    }
    return std::move(Met);
  }

private:
  void enqueue(const clang::CFGBlock &B) {
    if (!Queued[B.getBlockID()]) {
      Queued[B.getBlockID()] = true;
      Work.push_back(&B);
    }
  }
  void seed(const clang::CFGBlock &B) {
    if (std::optional<State> S = P.seed(B)) {
      Met[B.getBlockID()] = std::move(S);
      enqueue(B);
    }
  }
  /// The edge From -> successor Index (To) carries \p S to block \p Next.
  void cross(const clang::CFGBlock &From, unsigned Index,
             const clang::CFGBlock &To, const clang::CFGBlock &Next,
             const State &S) {
    State Edge = S;
    if (!P.transferEdge(From, Index, To, Edge) || P.absorbs(From, To, Edge))
      return;
    std::optional<State> &M = Met[Next.getBlockID()];
    if (!M) {
      P.grows(From, Index, To, Next, nullptr, Edge);
      M = std::move(Edge);
    } else {
      P.grows(From, Index, To, Next, &*M, Edge);
      if (!P.join(*M, Edge))
        return;
    }
    enqueue(Next);
  }

  Problem &P;
  MetStates<State> Met;
  std::vector<bool> Queued;
  std::deque<const clang::CFGBlock *> Work;
  std::vector<
      llvm::SmallVector<std::pair<const clang::CFGBlock *, unsigned>, 2>>
      Into;
};
} // namespace detail

/// Runs \p P to its fixed point over \p Graph.
template <typename Problem>
MetStates<typename Problem::State> solve(const clang::CFG &Graph,
                                         Problem &P) {
  return detail::Worklist<Problem>(Graph, P).run();
}

/// The blocks (by ID) from which some block satisfying \p IsTarget can be
/// reached over reachable edges that \p Keeps (From, successor index, To)
/// accepts, targets included.  One backward pass of solve().
llvm::BitVector
blocksReaching(const clang::CFG &Graph,
               llvm::function_ref<bool(const clang::CFGBlock &)> IsTarget,
               llvm::function_ref<bool(const clang::CFGBlock &, unsigned,
                                       const clang::CFGBlock &)>
                   Keeps);

} // namespace reapcheck

#endif
