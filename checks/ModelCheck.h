//===--- ModelCheck.h - A check reading the API model --------- -*- C++ -*-===//
//
// What process-orphaned-descendants and process-reaper-conflict share: the
// ModelFiles and Models options, the model they build (a bad value is a
// configuration error naming the option, and the check then matches
// nothing), the project facts, and a call matcher on two callee name sets.
// process-unreaped-child reads the same two options among its others.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_MODELCHECK_H
#define REAPCHECK_MODELCHECK_H

#include "facts/ProjectFacts.h"
#include "model/ProcessApiModel.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "clang/ASTMatchers/ASTMatchersMacros.h"

namespace reapcheck {

class ModelCheck : public clang::tidy::ClangTidyCheck {
public:
  ModelCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

protected:
  const std::string ModelFiles;
  const std::string Models;
  ProcessApiModel Model;
  /// False when an option was bad: register no matcher.
  bool ModelValid = true;
  const clang::tidy::ClangTidyContext &TidyContext;

  /// The project facts for the unit, read as process-unreaped-child reads
  /// them (its FactsFile option, REAPCHECK_FACTS, or the file found above
  /// the source; that check reports one it cannot read, or stale facts);
  /// null when there are none.  Sets MainPath.
  const ProjectFacts *unitFacts(clang::ASTContext &Ctx);
  /// The unit's main file as the facts name it.
  std::string MainPath;

private:
  /// The facts last read, and from where ("" before any).
  std::optional<ProjectFacts> Facts;
  std::string FactsPath;
};

/// The callee's own name is in one of two sets: one pointer comparison
/// each, on every call of the unit.
AST_MATCHER_P2(clang::CallExpr, calleeNamedIn, const CalleeNameSet *, First,
               const CalleeNameSet *, Second) {
  const clang::FunctionDecl *FD = Node.getDirectCallee();
  return FD && (First->contains(*FD) || Second->contains(*FD));
}

} // namespace reapcheck

#endif
