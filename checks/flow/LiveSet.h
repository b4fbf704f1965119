//===--- LiveSet.h - The flow's state at one program point -------*- C++
//-*-===//
//
// Which sites may hold a live child here (started, not yet reaped, handed
// off or pruned), which Boost child objects may have been detached (their
// destructor no longer reaps), and whether SIGCHLD may still have its
// default disposition (if not, the kernel reaps every child started here).
// Those facts are "may": states merge by union.  Per live child, the state
// also keeps the outcomes of stable conditions (StableConditions) known on
// every path on which it is live and not yet stored into a holder (a
// member or static), and whether it was stored on every such path (must) or
// on some (may).  The outcomes merge by intersection over the states in
// which it is live and, when only some of them stored it, over those that
// did not: a stored path is answered by its holder, so the outcomes of the
// others decide where the child can still leak (`j->pid = parent ? pid :
// getpid(); if (!parent) _exit(0);`).  Last, which guard locals
// (GuardLocals) are known not to be 0 here (must, merged by intersection),
// and, per live child, which were so on every path since it started.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_LIVESET_H
#define REAPCHECK_LIVESET_H

#include "flow/StartSites.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace reapcheck {

class LiveSet {
public:
  explicit LiveSet(unsigned NumSites = 0)
      : Live(NumSites), Detached(NumSites), Stored(NumSites),
        MayStored(NumSites) {}

  unsigned numSites() const { return Live.size(); }
  bool isLive(SiteId I) const { return Live.test(I); }
  bool anyLive() const { return Live.any(); }
  void setLive(SiteId I) { Live.set(I); }
  void clear(SiteId I) {
    Live.reset(I);
    Stored.reset(I);
    MayStored.reset(I);
    PerSite.erase(I);
  }

  /// Live site \p I was stored into a holder on every path here: the
  /// holder answers for it unless this function reaps it.
  bool isStored(SiteId I) const { return Stored.test(I); }
  /// Live site \p I was stored into a holder on some path here.
  bool mayBeStored(SiteId I) const { return MayStored.test(I); }
  void setStored(SiteId I) {
    Stored.set(I);
    MayStored.set(I);
  }

  /// Stable-condition outcomes known for live site \p I (empty when the
  /// body tests no stable condition twice).
  const llvm::BitVector &known(SiteId I) const { return bitsOf(I).Known; }
  void setKnown(SiteId I, llvm::BitVector Outcomes) {
    PerSite[I].Known = std::move(Outcomes);
  }
  void addKnown(SiteId I, unsigned Outcome) {
    auto It = PerSite.find(I);
    if (It != PerSite.end() && Outcome < It->second.Known.size())
      It->second.Known.set(Outcome);
  }

  /// The guard locals known not to be 0 on every path here.
  const llvm::BitVector &nonZero() const { return NonZero; }
  void setGuardCount(unsigned Count) { NonZero.resize(Count); }
  /// Guard \p G is (not) known to be non-zero here, and so for every live
  /// child.
  void setNonZero(unsigned G, bool Value) {
    if (G >= NonZero.size())
      return;
    NonZero[G] = Value;
    for (unsigned I : Live.set_bits())
      if (auto It = PerSite.find(I);
          It != PerSite.end() && G < It->second.Guarded.size())
        It->second.Guarded[G] = Value;
  }
  /// Guard \p G was not 0 on every path on which live site \p I is live.
  bool isGuardedBy(SiteId I, unsigned G) const {
    auto It = PerSite.find(I);
    return It != PerSite.end() && G < It->second.Guarded.size() &&
           It->second.Guarded.test(G);
  }
  /// Site \p I starts here: the guards known now are its own.
  void startGuards(SiteId I) { PerSite[I].Guarded = NonZero; }

  bool mayBeDetached(SiteId I) const { return Detached.test(I); }
  void setDetached(SiteId I, bool Value) { Detached[I] = Value; }

  bool sigchldMayBeDefault() const { return SigchldDefault; }
  void setSigchldDefault(bool Value) { SigchldDefault = Value; }
  /// This body may have set SIGCHLD to SIG_DFL, or to a handler that reaps
  /// nothing, on the way here: what the program installed elsewhere no
  /// longer reaps the children started here.
  bool sigchldMayBeReset() const { return SigchldReset; }
  void setSigchldReset(bool Value) { SigchldReset = Value; }
  /// On every path here this body installed a handler that reaps any child
  /// (or the kernel's reaping), not reset since: a start here is covered,
  /// whatever the program does elsewhere.
  bool sigchldTakenHere() const { return SigchldTaken; }
  void setSigchldTaken(bool Value) {
    SigchldTaken = Value;
    TakenOnce = false;
  }
  /// ... by a handler that runs once: the next start takes it.
  bool sigchldTakenOnce() const { return TakenOnce; }
  void setSigchldTakenOnce() { SigchldTaken = TakenOnce = true; }

  LiveSet &operator|=(const LiveSet &Other) {
    for (unsigned I : Other.Live.set_bits()) {
      const SiteBits &From = Other.bitsOf(I);
      if (Live.test(I)) {
        SiteBits &Into = PerSite[I];
        if (Stored[I] && !Other.Stored[I])
          Into.Known = From.Known;
        else if (Stored[I] == Other.Stored[I])
          Into.Known &= From.Known;
        Stored[I] = Stored[I] && Other.Stored[I];
        MayStored[I] = MayStored[I] || Other.MayStored[I];
        Into.Guarded &= From.Guarded;
      } else {
        PerSite[I] = From;
        Stored[I] = Other.Stored[I];
        MayStored[I] = Other.MayStored[I];
      }
    }
    NonZero &= Other.NonZero;
    Live |= Other.Live;
    Detached |= Other.Detached;
    SigchldDefault |= Other.SigchldDefault;
    SigchldReset |= Other.SigchldReset;
    SigchldTaken &= Other.SigchldTaken;
    TakenOnce |= Other.TakenOnce;
    return *this;
  }
  bool operator==(const LiveSet &Other) const {
    if (Live != Other.Live || Detached != Other.Detached ||
        Stored != Other.Stored || MayStored != Other.MayStored ||
        SigchldDefault != Other.SigchldDefault ||
        SigchldReset != Other.SigchldReset ||
        SigchldTaken != Other.SigchldTaken || TakenOnce != Other.TakenOnce ||
        NonZero != Other.NonZero)
      return false;
    for (unsigned I : Live.set_bits())
      if (bitsOf(I).Known != Other.bitsOf(I).Known ||
          bitsOf(I).Guarded != Other.bitsOf(I).Guarded)
        return false;
    return true;
  }
  bool operator!=(const LiveSet &Other) const { return !(*this == Other); }

  /// Prints e.g. `live{0,2} detached{} sigchld=default`, for debugging.
  void dump(llvm::raw_ostream &OS) const;
  void dump() const;

private:
  llvm::BitVector Live;
  llvm::BitVector Detached;
  llvm::BitVector Stored;
  llvm::BitVector MayStored;
  /// What is known of each live site, kept for live sites only: a body
  /// with a thousand starts has few live at once, and a state per block.
  struct SiteBits {
    llvm::BitVector Known;   ///< Stable-condition outcomes.
    llvm::BitVector Guarded; ///< Guards not 0 where it is live.
  };
  llvm::SmallDenseMap<SiteId, SiteBits, 2> PerSite;
  const SiteBits &bitsOf(SiteId I) const {
    static const SiteBits None;
    auto It = PerSite.find(I);
    return It == PerSite.end() ? None : It->second;
  }
  llvm::BitVector NonZero;
  bool SigchldDefault = false;
  bool SigchldReset = false;
  bool SigchldTaken = false;
  bool TakenOnce = false;
};

} // namespace reapcheck

#endif
