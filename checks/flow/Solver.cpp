//===--- Solver.cpp - The one data-flow engine over a CFG -----------------===//

#include "flow/Solver.h"

using namespace clang;

namespace reapcheck {

namespace {
/// Backward reachability: the state is "a target is reachable from here".
struct Reaching : SolverHooks<bool> {
  using State = bool;
  static constexpr Direction Dir = Direction::Backward;
  llvm::function_ref<bool(const CFGBlock &)> IsTarget;
  llvm::function_ref<bool(const CFGBlock &, unsigned, const CFGBlock &)> Keeps;

  std::optional<bool> seed(const CFGBlock &B) {
    return IsTarget(B) ? std::optional<bool>(true) : std::nullopt;
  }
  bool transferBlock(const CFGBlock &, bool &) { return true; }
  bool transferEdge(const CFGBlock &From, unsigned Index, const CFGBlock &To,
                    bool &) {
    return Keeps(From, Index, To);
  }
  bool join(bool &, const bool &) { return false; }
};
} // namespace

llvm::BitVector blocksReaching(
    const CFG &Graph, llvm::function_ref<bool(const CFGBlock &)> IsTarget,
    llvm::function_ref<bool(const CFGBlock &, unsigned, const CFGBlock &)>
        Keeps) {
  Reaching Problem;
  Problem.IsTarget = IsTarget;
  Problem.Keeps = Keeps;
  MetStates<bool> Met = solve(Graph, Problem);
  llvm::BitVector Result(Graph.getNumBlockIDs());
  for (unsigned Id = 0; Id < Met.size(); ++Id)
    if (Met[Id])
      Result.set(Id);
  return Result;
}

} // namespace reapcheck
