//===--- UnreapedChildCheck.h - process-unreaped-child ----------*- C++ -*-===//
//
// Finds child processes a function starts and does not reap on every path
// out of it.  The check is glue: options, matchers and diagnostics.  What
// each API does lives in ProcessApiModel, the flow in ReapAnalysis.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_UNREAPEDCHILDCHECK_H
#define REAPCHECK_UNREAPEDCHILDCHECK_H

#include "ProcessApiModel.h"
#include "ReapAnalysis.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace reapcheck {

class UnreapedChildCheck : public clang::tidy::ClangTidyCheck {
public:
  UnreapedChildCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;

private:
  void analyse(const clang::Decl *Callable, clang::Stmt *Body);
  void findWrappers();
  void reportStoredFcloses();
  const clang::FunctionDecl *findReapingHandler(const clang::CallExpr &Call);
  /// Emits the diagnostics for one start; true when it was reported.
  bool report(const StartFacts &F, bool IsCxx);
  void recordInventory(const StartFacts &F, bool Reported);
  void noteDetach(const StartFacts &F, llvm::StringRef Name);

  /// The first malformed boolean option, reported once.
  std::string BadBool;
  const std::string StartFunctions;
  const std::string ReapFunctions;
  const std::string HarmlessFunctions;
  const bool ReportLeakingPaths;
  const bool ReportDiscarded;
  const bool IgnoreMain;

  ProcessApiModel Model;
  bool ModelValid = true;
  TranslationUnitFacts TU{Model};
  /// Calls to functions defined in this translation unit, by callee: the
  /// call sites of wrappers that turn out to start a child.  Collected on
  /// the first wrapper found.
  llvm::DenseMap<const clang::FunctionDecl *,
                 llvm::SmallVector<const clang::CallExpr *, 4>>
      UserCalls;
  bool UserCallsCollected = false;
  clang::ASTContext *Ctx = nullptr;
  /// Bodies owning at least one start, in match order.
  llvm::SetVector<const clang::Decl *> Callables;
  llvm::DenseMap<const clang::Decl *, clang::Stmt *> BodyOf;
  /// A SIGCHLD handler of this unit that reaps any child, once installed.
  const clang::FunctionDecl *ReapingHandler = nullptr;
  /// Fields and globals assigned a popen() stream, or another stream.
  llvm::SmallPtrSet<const clang::ValueDecl *, 4> PopenStorage;
  llvm::SmallPtrSet<const clang::ValueDecl *, 4> OtherStreamStorage;
  std::vector<std::pair<const clang::CallExpr *, const clang::ValueDecl *>>
      StoredFcloses;
};

} // namespace reapcheck

#endif
