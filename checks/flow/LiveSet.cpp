//===--- LiveSet.cpp - The flow's state at one program point --------------===//

#include "flow/LiveSet.h"
#include "llvm/Support/raw_ostream.h"

namespace reapcheck {

static void printBits(llvm::raw_ostream &OS, const llvm::BitVector &Bits) {
  OS << '{';
  bool First = true;
  for (unsigned I : Bits.set_bits()) {
    OS << (First ? "" : ",") << I;
    First = false;
  }
  OS << '}';
}

void LiveSet::dump(llvm::raw_ostream &OS) const {
  OS << "live";
  printBits(OS, Live);
  OS << " detached";
  printBits(OS, Detached);
  OS << " sigchld=" << (SigchldDefault ? "default" : "ignored")
     << (SigchldReset ? ",reset" : "") << (SigchldTaken ? ",taken" : "") << (TakenOnce ? ",once" : "");
  OS << " nonzero";
  printBits(OS, NonZero);
  for (unsigned I : Live.set_bits()) {
    OS << " | site " << I << ": stored="
       << (Stored.test(I) ? "all" : MayStored.test(I) ? "some" : "none")
       << " known";
    printBits(OS, bitsOf(I).Known);
    OS << " guarded";
    printBits(OS, bitsOf(I).Guarded);
  }
  OS << '\n';
}

void LiveSet::dump() const { dump(llvm::errs()); }

} // namespace reapcheck
