//===--- Guards.h - Locals that say whether a child was started --*- C++
//-*-===//
//
// A local set to a value that cannot be 0 together with a start, and tested
// later (`started = 1;` beside `pid = fork();`, then `if (started)
// waitpid(pid, ...)`; neomutt's `keep = out; pid = start_filter(&out);`
// where `out` was already proven non-NULL, then `if (keep)
// filter_wait(pid)`), is not 0 wherever that child is live until the local
// is written again: the test's 0 edge is not a path of the child.
//
// This unit picks the candidate locals of one body (tested against 0 by a
// branch, never bound to a reference nor captured by one; `&v` is a write
// of unknown value where it is taken) and answers the pure questions about
// them; the flow (ReapFlow) keeps, per state, which candidates are known not to
// be 0 and, per live child, which were so on every path since it started
// (LiveSet).
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_GUARDS_H
#define REAPCHECK_GUARDS_H

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include <optional>
#include <utility>

namespace clang {
class ASTContext;
class CFG;
class Expr;
class Stmt;
class VarDecl;
} // namespace clang

namespace reapcheck {

class HolderIndex;

class GuardLocals {
public:
  GuardLocals() = default;
  /// The candidates of \p Body: locals tested against 0 by a branch of \p
  /// Graph that do not hold a child (\p Holders), are not bound to a
  /// reference and are not captured by one.
  GuardLocals(const clang::CFG &Graph, const clang::Stmt *Body,
              const HolderIndex &Holders, clang::ASTContext &Ctx);

  unsigned size() const { return Index.size(); }
  bool empty() const { return Index.empty(); }
  /// The candidate index of \p V, if it is one.
  std::optional<unsigned> indexOf(const clang::VarDecl *V) const;
  /// When \p Cond tests a candidate against 0 (`g`, `!g`, `g != NULL`,
  /// `0 == g`): its index, and whether the true branch means it is not 0.
  std::optional<std::pair<unsigned, bool>>
  zeroTest(const clang::Expr *Cond) const;
  /// True when \p Value cannot be 0: a constant other than 0, an address, a
  /// string literal, or a candidate in \p NonZero.
  bool isNonZero(const clang::Expr *Value,
                 const llvm::BitVector &NonZero) const;

private:
  clang::ASTContext *Ctx = nullptr;
  llvm::DenseMap<const clang::VarDecl *, unsigned> Index;
};

} // namespace reapcheck

#endif
