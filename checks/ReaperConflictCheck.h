//===--- ReaperConflictCheck.h - process-reaper-conflict ------ -*- C++ -*-===//
//
// Finds waits for one specific child in a process that leaves its children
// to the kernel (SIGCHLD ignored or SA_NOCLDWAIT) or to a SIGCHLD handler
// that reaps any child: the wait fails with ECHILD and the exit status is
// lost.  The flow of each body is flow/SigchldDispositions.h; this file
// holds the options, the matcher and the diagnostics.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_REAPERCONFLICTCHECK_H
#define REAPCHECK_REAPERCONFLICTCHECK_H

#include "facts/ProjectFacts.h"
#include "flow/SigchldDispositions.h"
#include "model/ProcessApiModel.h"
#include "ModelCheck.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include <optional>
#include <string>
#include <vector>

namespace reapcheck {

class ProjectSummaries;

class ReaperConflictCheck : public ModelCheck {
public:
  ReaperConflictCheck(llvm::StringRef Name,
                      clang::tidy::ClangTidyContext *Context);
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void
  check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;

private:
  using Body = std::pair<const clang::Decl *, clang::Stmt *>;
  void judgeUnit();
  llvm::MapVector<const clang::Stmt *, Disposition>
  lastingInstalls(ProjectSummaries &Summaries, const ProjectFacts *Known);
  /// True when \p Callable is a SIGCHLD handler or a function one calls.
  bool isHandlerCode(const clang::Decl *Callable) const;
  /// \p Unblocked: SIGCHLD may be let in at the wait (a handler may run).
  void report(const clang::CallExpr &Wait, const SpecificWait &How,
              const Disposition &At, bool Unblocked);
  void reportForeign(const clang::CallExpr &Wait, const ForeignTaker &By);
  /// What other files of the programs that reach \p Waiting install that
  /// takes every child first, its own file's left out.
  std::vector<const ForeignTaker *>
  foreignTakers(const ProjectFacts &Facts,
                const clang::FunctionDecl *Waiting) const;

  CalleeNameSet Waits;
  CalleeNameSet Installers;

  // The translation unit being matched.
  clang::ASTContext *Ctx = nullptr;
  llvm::SetVector<Body> WaitingBodies;
  llvm::SetVector<Body> InstallingBodies;
  /// The SIGCHLD handlers the unit installs: the reaper's own waits are
  /// not in conflict with it.
  llvm::SmallPtrSet<const clang::FunctionDecl *, 4> Handlers;
};

} // namespace reapcheck

#endif
