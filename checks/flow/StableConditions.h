//===--- StableConditions.h - Tests whose outcome cannot change --*- C++
//-*-===//
//
// A branch condition made only of constants, of variables the body reads
// but never writes (parameters, file-scope and static variables, locals
// declared once at the top of the body) and of fields it never writes has
// the same value every time the body evaluates it.  When such a condition
// is tested twice (`if (opts & OPT_X) pid = vfork(); ...; if (opts & OPT_X)
// waitpid(pid, ...)`), a child started under one outcome takes the same
// outcome at the second test, and the other edge is not a path of that
// child.
//
// This unit finds the stable conditions tested at least twice and, by one
// forward must-analysis over the CFG, the outcomes that hold on every path
// entering each block.  A called function may still write a file-scope
// variable between the two tests; that is not modelled (docs/design.md).
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_STABLECONDITIONS_H
#define REAPCHECK_STABLECONDITIONS_H

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include <optional>
#include <vector>

namespace clang {
class ASTContext;
class CFG;
class CFGBlock;
class Stmt;
} // namespace clang

namespace reapcheck {

class StableConditions {
public:
  StableConditions() = default;
  StableConditions(const clang::CFG &Graph, const clang::Stmt *Body,
                   clang::ASTContext &Ctx);

  /// No stable condition is tested twice: nothing to learn.
  bool empty() const { return Count == 0; }
  /// The outcome (a bit of knownAt()) that taking branch \p Branch (true or
  /// false) of \p From's two-way branch establishes, when \p From tests a
  /// stable condition tested elsewhere too.
  std::optional<unsigned> outcomeOf(const clang::CFGBlock &From,
                                    bool Branch) const;
  /// The outcomes that hold on every path entering \p B (all clear when
  /// empty()).
  llvm::BitVector knownAt(const clang::CFGBlock &B) const;
  /// The other outcome of the same condition.
  static unsigned opposite(unsigned Outcome) { return Outcome ^ 1; }

private:
  unsigned Count = 0;
  /// By block ID: the condition index its branch tests and whether it is
  /// negated (`!c` tests c).
  llvm::DenseMap<unsigned, std::pair<unsigned, bool>> Tests;
  std::vector<llvm::BitVector> Known;
};

} // namespace reapcheck

#endif
