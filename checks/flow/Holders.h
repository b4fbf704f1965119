//===--- Holders.h - Which locals hold which child ---------------*- C++
//-*-===//
//
// A site's holder is the local its handle is stored in at birth; locals
// initialised or assigned from a holder anywhere in the body hold the same
// child (aliases).  Flow-insensitive on purpose: a copy made on one path is
// an alias on every path, which can only hide a leak, never invent one.
// A pidfd opened on a holder (pidfd_open) is a duplicate: another handle of
// the same child, reaped by waitid(P_PIDFD, ...), whose value says nothing
// about the child's pid.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_HOLDERS_H
#define REAPCHECK_HOLDERS_H

#include "flow/StartSites.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace reapcheck {

/// Which sites each local may hold.
class HolderIndex {
public:
  /// Fills every site's Holders with its variable and that variable's
  /// aliases, and indexes them.
  HolderIndex() = default;
  HolderIndex(const BodyContext &Body, const ProcessApiModel &Model,
              std::vector<Site> &Sites);

  llvm::ArrayRef<SiteId> sitesHeldBy(const clang::VarDecl *V) const;
  bool isHolder(const clang::VarDecl *V) const { return HeldBy.count(V); }

private:
  llvm::DenseMap<const clang::VarDecl *, llvm::SmallVector<SiteId, 2>> HeldBy;
};

/// The field or static-storage variable \p E designates as a place to keep
/// a child: `child_`, `w->pid`, `helper_pid`, `kids_[i]`, `&child_`.
const clang::ValueDecl *holderOf(const clang::Expr *E);

/// The container holder \p Call inserts its argument into (`kids_.push_back`,
/// `emplace_back`, `insert`...), or null.
const clang::ValueDecl *insertedInto(const clang::CallExpr &Call);

/// What an element access reaches into: `kv` of `kv.first` or `kv.second`
/// (a std::pair), `it` of `it->first` or `*it` (an iterator), `jobs_` of
/// `jobs_.begin()` or `jobs_.find(k)`; null for anything else.
const clang::Expr *elementSource(const clang::Expr *E);

/// True when \p T is (a reference to) a std::optional.
bool isStdOptional(clang::QualType T);
/// True when \p T is (a reference to) a std::pair.
bool isStdPair(clang::QualType T);

/// What a subscript operator does with argument \p Index of \p Op.
enum class IndexUse {
  NotIndex, ///< Not the index of a subscript.
  Position, ///< A position only: `seen_[pid]` of a vector.
  Key,      ///< Kept as the key of a map (a container with a `key_type`):
            ///< `jobs_[pid] = job` stores the pid in the map.
};
IndexUse indexUse(const clang::CXXOperatorCallExpr &Op, unsigned Index);

/// The holder a std::optional assignment stores its argument into
/// (`child_ = fork()` with `std::optional<pid_t> child_`), or null.
const clang::ValueDecl *assignedInto(const clang::CallExpr &Call);

} // namespace reapcheck

#endif
