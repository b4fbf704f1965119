//===--- Solver.cpp - Forward worklist over a CFG -------------------------===//

#include "Solver.h"
#include "clang/Analysis/CFG.h"
#include <deque>

using namespace clang;

namespace reapcheck {

/// Records, for each site \p Out brings in live to \p To for the first time,
/// the edge it came over.
static void recordFirstLive(FlowTrace &Trace, const LiveSet *OldIn,
                            const LiveSet &Out, const CFGBlock &From,
                            unsigned SuccIndex, const CFGBlock &To) {
  std::vector<FlowTrace::Edge> &First = Trace.FirstLiveFrom[To.getBlockID()];
  First.resize(Out.numSites());
  for (SiteId I = 0; I < Out.numSites(); ++I)
    if (Out.isLive(I) && !(OldIn && OldIn->isLive(I)))
      First[I] = {&From, SuccIndex};
}

void solveForward(const CFG &Graph, FlowProblem &Problem, FlowTrace *Trace) {
  const unsigned NumBlocks = Graph.getNumBlockIDs();
  if (Trace) {
    Trace->Out.assign(NumBlocks, LiveSet());
    Trace->FirstLiveFrom.assign(NumBlocks, {});
  }
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
    if (Trace)
      Trace->Out[B->getBlockID()] = State;
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
      if (Trace)
        recordFirstLive(*Trace, Reached[Id] ? &In[Id] : nullptr, Out, *B, Index,
                        *Succ);
      In[Id] = std::move(Grown);
      Reached[Id] = true;
      if (!Queued[Id]) {
        Queued[Id] = true;
        Work.push_back(Succ);
      }
    }
  }
  if (Trace)
    Trace->In = std::move(In);
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
