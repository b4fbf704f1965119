//===--- Solver.cpp - Forward worklist over a CFG -------------------------===//

#include "Solver.h"
#include "clang/Analysis/CFG.h"
#include <deque>

using namespace clang;

namespace reapcheck {

void solveForward(const CFG &Graph, FlowProblem &Problem) {
  const unsigned NumBlocks = Graph.getNumBlockIDs();
  std::vector<LiveSet> In(NumBlocks);
  std::vector<bool> Reached(NumBlocks, false), Queued(NumBlocks, false);
  std::deque<const CFGBlock *> Work;
  const CFGBlock &Entry = Graph.getEntry();
  const CFGBlock &Exit = Graph.getExit();
  In[Entry.getBlockID()] = Problem.entryState();
  Reached[Entry.getBlockID()] = Queued[Entry.getBlockID()] = true;
  Work.push_back(&Entry);

  while (!Work.empty()) {
    const CFGBlock *B = Work.front();
    Work.pop_front();
    Queued[B->getBlockID()] = false;
    LiveSet State = In[B->getBlockID()];
    if (!Problem.transferBlock(*B, State))
      continue;
    unsigned Index = 0;
    for (const auto *SI = B->succ_begin(); SI != B->succ_end(); ++SI, ++Index) {
      const CFGBlock *Succ = SI->getReachableBlock();
      if (!Succ)
        continue;
      LiveSet Out = State;
      Problem.transferEdge(*B, Index, *Succ, Out);
      if (Succ == &Exit) {
        Problem.reachExit(*B, Out);
        continue;
      }
      const unsigned Id = Succ->getBlockID();
      LiveSet Grown = Reached[Id] ? In[Id] : Out;
      Grown |= Out;
      if (Reached[Id] && Grown == In[Id])
        continue;
      In[Id] = std::move(Grown);
      Reached[Id] = true;
      if (!Queued[Id]) {
        Queued[Id] = true;
        Work.push_back(Succ);
      }
    }
  }
}

llvm::BitVector blocksReaching(
    const CFG &Graph, llvm::function_ref<bool(const CFGBlock &)> IsTarget,
    llvm::function_ref<bool(const CFGBlock &, unsigned, const CFGBlock &)>
        Keeps) {
  const unsigned NumBlocks = Graph.getNumBlockIDs();
  std::vector<llvm::SmallVector<const CFGBlock *, 2>> Preds(NumBlocks);
  llvm::BitVector Reaching(NumBlocks);
  std::vector<const CFGBlock *> Work;
  for (const CFGBlock *B : Graph) {
    unsigned Index = 0;
    for (const auto *SI = B->succ_begin(); SI != B->succ_end(); ++SI, ++Index)
      if (const CFGBlock *Succ = SI->getReachableBlock())
        if (Keeps(*B, Index, *Succ))
          Preds[Succ->getBlockID()].push_back(B);
    if (IsTarget(*B)) {
      Reaching.set(B->getBlockID());
      Work.push_back(B);
    }
  }
  while (!Work.empty()) {
    const CFGBlock *B = Work.back();
    Work.pop_back();
    for (const CFGBlock *P : Preds[B->getBlockID()]) {
      if (Reaching.test(P->getBlockID()))
        continue;
      Reaching.set(P->getBlockID());
      Work.push_back(P);
    }
  }
  return Reaching;
}

} // namespace reapcheck
