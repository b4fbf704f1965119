//===--- LiveSet.h - The flow's state at one program point -------*- C++
//-*-===//
//
// Which sites may hold a live child here (started, not yet reaped, handed
// off or pruned), which Boost child objects may have been detached (their
// destructor no longer reaps), and whether SIGCHLD may still have its
// default disposition (if not, the kernel reaps every child started here).
// Every fact is a "may": states merge by union.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_LIVESET_H
#define REAPCHECK_LIVESET_H

#include "StartSites.h"
#include "llvm/ADT/BitVector.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace reapcheck {

class LiveSet {
public:
  explicit LiveSet(unsigned NumSites = 0)
      : Live(NumSites), Detached(NumSites) {}

  unsigned numSites() const { return Live.size(); }
  bool isLive(SiteId I) const { return Live.test(I); }
  bool anyLive() const { return Live.any(); }
  void setLive(SiteId I) { Live.set(I); }
  void clear(SiteId I) { Live.reset(I); }

  bool mayBeDetached(SiteId I) const { return Detached.test(I); }
  void setDetached(SiteId I, bool Value) { Detached[I] = Value; }

  bool sigchldMayBeDefault() const { return SigchldDefault; }
  void setSigchldDefault(bool Value) { SigchldDefault = Value; }

  LiveSet &operator|=(const LiveSet &Other) {
    Live |= Other.Live;
    Detached |= Other.Detached;
    SigchldDefault |= Other.SigchldDefault;
    return *this;
  }
  bool operator==(const LiveSet &Other) const {
    return Live == Other.Live && Detached == Other.Detached &&
           SigchldDefault == Other.SigchldDefault;
  }
  bool operator!=(const LiveSet &Other) const { return !(*this == Other); }

  /// Prints e.g. `live{0,2} detached{} sigchld=default`, for debugging.
  void dump(llvm::raw_ostream &OS) const;
  void dump() const;

private:
  llvm::BitVector Live;
  llvm::BitVector Detached;
  bool SigchldDefault = false;
};

} // namespace reapcheck

#endif
