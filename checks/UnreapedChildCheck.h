//===--- UnreapedChildCheck.h - process-unreaped-child ----------*- C++ -*-===//
//
// Finds child processes a function starts and does not reap on every path
// out of it.  The check is glue: options, matchers, one state object per
// translation unit, and every diagnostic.  What each API does lives in
// ProcessApiModel, the flow in ReapAnalysis, the unit-wide facts in
// TranslationUnitScan.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_UNREAPEDCHILDCHECK_H
#define REAPCHECK_UNREAPEDCHILDCHECK_H

#include "Owners.h"
#include "ProcessApiModel.h"
#include "ProjectFacts.h"
#include "ReapAnalysis.h"
#include "TranslationUnitScan.h"
#include "clang-tidy/ClangTidyCheck.h"
#include <memory>

namespace reapcheck {

class UnreapedChildCheck : public clang::tidy::ClangTidyCheck {
public:
  UnreapedChildCheck(llvm::StringRef Name,
                     clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void
  check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;
  void registerPPCallbacks(const clang::SourceManager &SM,
                           clang::Preprocessor *PP,
                           clang::Preprocessor *ModuleExpanderPP) override;

private:
  void onCall(const clang::CallExpr &Call);
  void analyse(const clang::Decl *Callable, clang::Stmt *Body,
               std::vector<StartFacts> &Held);
  void judgeHeld(llvm::ArrayRef<StartFacts> Held);

  // Reporting: every diagnostic the check emits.
  bool reportStart(const StartFacts &F);
  void reportHeld(const StartFacts &F, const HolderVerdict &V);
  void reportFclose(const clang::CallExpr &Call, llvm::StringRef Name);
  void noteDetach(const StartFacts &F, llvm::StringRef Name);
  void noteStuck(clang::SourceLocation At, llvm::StringRef Name);
  void notePath(const StartFacts &F);
  void recordInventory(const StartFacts &F, const char *Verdict);

  /// The first malformed boolean option, reported once.
  std::string BadBool;
  const std::string StartFunctions;
  const std::string ReapFunctions;
  const std::string HarmlessFunctions;
  const bool ReportLeakingPaths;
  const bool ReportDiscarded;
  const bool IgnoreMain;
  const std::string FactsFile;
  /// User model files (';'-separated) and the models turned on or off.
  const std::string ModelFiles;
  const std::string Models;

  void loadFacts();
  const ProjectFacts *facts() const { return Facts ? &*Facts : nullptr; }
  void writeIndex(llvm::ArrayRef<StartFacts> Held);
  void indexFunction(const clang::FunctionDecl &FD, FactsRecorder &Recorder);
  void indexEntries(FactsRecorder &Recorder);
  /// Facts of the other files of the program (FactsFile), if any.
  std::optional<ProjectFacts> Facts;
  /// How this unit was compiled (FactsRecorder::variantOf()).
  std::string UnitVariant;
  /// Index mode (REAPCHECK_INDEX=FILE): this unit's facts go there.
  std::string IndexFile;
  std::vector<const clang::FunctionDecl *> IndexedFunctions;
  /// Some reaper of the program reaps every child of this unit.
  bool CoveredByReaper = false;

  ProcessApiModel Model;
  bool ModelValid = true;
  /// The callee names the call matcher accepts.
  CalleeNameSet Interesting;
  /// The classes whose constructions the matcher selects.
  CalleeNameSet StartingClasses;
  /// The unit being matched; replaced at its end.
  std::unique_ptr<TranslationUnitScan> Unit;
};

} // namespace reapcheck

#endif
