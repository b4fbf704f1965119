//===--- LeakPath.cpp - One leaking path, explained -----------------------===//

#include "flow/LeakPath.h"
#include "flow/BranchConditions.h"
#include "clang/Analysis/CFG.h"
#include <algorithm>

using namespace clang;

namespace reapcheck {

void FlowTrace::arrive(const CFGBlock &From, unsigned SuccIndex,
                       const CFGBlock &To, const LiveSet *Old,
                       const LiveSet &Brought) {
  std::vector<Edge> &First = FirstLiveFrom[To.getBlockID()];
  First.resize(Brought.numSites());
  for (SiteId I = 0; I < Brought.numSites(); ++I)
    if (Brought.isLive(I) && !(Old && Old->isLive(I)))
      First[I] = {&From, SuccIndex};
}

static bool liveIn(const std::vector<LiveSet> &States, const CFGBlock &B,
                   SiteId I) {
  const LiveSet &State = States[B.getBlockID()];
  return I < State.numSites() && State.isLive(I);
}

/// The edges of one path from \p Start to \p Leak, in path order.
static std::vector<FlowTrace::Edge> pathBack(const FlowTrace &Trace, SiteId I,
                                             const CFGBlock &Start,
                                             const CFGBlock &Leak) {
  std::vector<FlowTrace::Edge> Edges;
  const CFGBlock *B = &Leak;
  // Each step goes to an edge recorded earlier; the bound is a safeguard.
  for (size_t Steps = 0; B != &Start && Steps < Trace.Out.size(); ++Steps) {
    const auto &First = Trace.FirstLiveFrom[B->getBlockID()];
    if (I >= First.size() || !First[I].From)
      break;
    Edges.push_back(First[I]);
    B = First[I].From;
  }
  std::reverse(Edges.begin(), Edges.end());
  return Edges;
}

std::vector<PathStep> leakingDecisions(const CFG &Graph, const FlowTrace &Trace,
                                       SiteId I, const CFGBlock &Start,
                                       const CFGBlock &Leak,
                                       const CFGBlock *Exit, EdgeTest Keeps,
                                       EdgeTest Carries) {
  // The blocks from which the child, live on entry, can reach the leak live.
  llvm::BitVector LeakAhead = blocksReaching(
      Graph, [&](const CFGBlock &B) { return &B == &Leak; },
      [&](const CFGBlock &From, unsigned Index, const CFGBlock &To) {
        return liveIn(Trace.Out, From, I) && Carries(From, Index, To);
      });
  std::vector<FlowTrace::Edge> Path = pathBack(Trace, I, Start, Leak);
  if (Exit)
    for (unsigned Index = 0; Index < Leak.succ_size(); ++Index)
      if (Leak.succ_begin()[Index].getReachableBlock() == Exit) {
        Path.push_back({&Leak, Index});
        break;
      }
  std::vector<PathStep> Steps;
  for (const FlowTrace::Edge &E : Path) {
    const CFGBlock &From = *E.From;
    if (From.succ_size() != 2 || E.SuccIndex > 1)
      continue;
    const Expr *Cond = decidingCondition(From);
    const CFGBlock *Other = From.succ_begin()[1 - E.SuccIndex];
    const unsigned OtherIndex = 1 - E.SuccIndex;
    if (!Cond || !Other || !Keeps(From, OtherIndex, *Other))
      continue;
    if (Carries(From, OtherIndex, *Other) &&
        LeakAhead.test(Other->getBlockID()))
      continue;
    Steps.push_back({Cond, E.SuccIndex == 0});
  }
  return Steps;
}

} // namespace reapcheck
