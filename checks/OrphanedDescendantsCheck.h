//===--- OrphanedDescendantsCheck.h - orphaned descendants ---- -*- C++ -*-===//
//
// Finds kills that signal only the leader of a child's own process group
// (its descendants keep running, re-parented to init), and group kills of
// a child that leads no group (they reach no process).  The flow of each
// starting body is flow/ProcessGroups.h; this file holds the options, the
// matcher and the diagnostics.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_ORPHANEDDESCENDANTSCHECK_H
#define REAPCHECK_ORPHANEDDESCENDANTSCHECK_H

#include "flow/ProcessGroups.h"
#include "model/ProcessApiModel.h"
#include "ModelCheck.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include <vector>

namespace reapcheck {

class OrphanedDescendantsCheck : public ModelCheck {
public:
  OrphanedDescendantsCheck(llvm::StringRef Name,
                           clang::tidy::ClangTidyContext *Context);
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void
  check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;

private:
  /// A child kept in a member or static variable, by where it is kept.
  struct KeptChild {
    const Site *S = nullptr;
    std::optional<GroupLeader> Leader;
    /// A value of unknown kind (UnknownStores): no verdict either way.
    bool Unknown = false;
  };
  void judgeBody(const clang::Decl *Callable, clang::Stmt *Body);
  void judgeHolderKill(const clang::CallExpr &Kill, const ProjectFacts *Known);
  /// The note goes to \p Leader, or names the place \p Foreign gives.
  void reportLeaderKill(const clang::CallExpr &Kill, const clang::Expr &Handle,
                        const GroupLeader *Leader, const HolderGroup *Foreign);
  /// The note goes to \p S, or names the place \p Foreign gives.
  void reportGroupKill(const clang::CallExpr &Kill, const clang::Expr &Handle,
                       const Site *S, const HolderGroup *Foreign);

  CalleeNameSet Starts;
  CalleeNameSet Kills;

  // The translation unit being matched.
  clang::ASTContext *Ctx = nullptr;
  llvm::SetVector<const clang::Stmt *> StartCalls;
  std::vector<const clang::CallExpr *> KillCalls;
  /// Kills already judged with their site, in the starting body.
  llvm::SmallPtrSet<const clang::CallExpr *, 8> Judged;
  llvm::MapVector<const clang::ValueDecl *, std::vector<KeptChild>> Kept;
  /// The prepared bodies, alive until the unit's end (Kept points in).
  std::vector<std::unique_ptr<PreparedBody>> Prepared;
};

} // namespace reapcheck

#endif
