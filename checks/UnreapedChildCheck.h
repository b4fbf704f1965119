//===--- UnreapedChildCheck.h - process-unreaped-child ----------*- C++ -*-===//
//
// Finds child processes a function starts and does not reap on every path
// out of it.  The check is glue: options, the matchers, one state object
// per translation unit (TranslationUnitScan), and every diagnostic
// (Reporting.cpp).  What each API does lives in the model layer, the flow
// of one body in flow/, the verdicts of a unit in unit/Verdicts.h, the
// facts index in unit/FactsIndex.h (docs/design.md).
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_UNREAPEDCHILDCHECK_H
#define REAPCHECK_UNREAPEDCHILDCHECK_H

#include "facts/ProjectFacts.h"
#include "model/ProcessApiModel.h"
#include "unit/TranslationUnitScan.h"
#include "unit/Verdicts.h"
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
  /// Index mode with REAPCHECK_PARK (the driver's one parse per file,
  /// docs/facts.md): a unit whose judgement without facts leaves a site to
  /// the facts waits, its AST kept, for the driver to name the facts after
  /// the merge, then is judged with them (Resumed).  Dismissed: the driver
  /// had no use for it (nothing is reported).  Refused: the driver could
  /// not be told (the unit is reported without facts, as in a plain index
  /// run).
  enum class Parking { Resumed, Dismissed, Refused };
  Parking parkForFacts(clang::ASTContext &Ctx);
  /// Starts the state of the next translation unit.
  void newUnit();

  // Reporting (Reporting.cpp): every diagnostic the check emits.
  void reportStart(const StartFacts &F);
  void reportHeld(const StartFacts &F, const HolderVerdict &V);
  void reportFclose(const clang::CallExpr &Call, llvm::StringRef Name);
  void noteDetach(const StartFacts &F, llvm::StringRef Name);
  void noteStuck(clang::SourceLocation At, llvm::StringRef Name);
  void notePath(const StartFacts &F);
  void noteLeak(const StartFacts &F, llvm::StringRef Name);
  void noteCoverGap(const StartFacts &F);
  void recordInventory(const StartFacts &F, const char *Verdict);

  const clang::tidy::ClangTidyContext &TidyContext;
  /// The check's own name (NOLINT lists, configuration messages).
  std::string OwnName;
  /// The first malformed boolean option, reported once.
  std::string BadBool;
  const std::string StartFunctions;
  const std::string ReapFunctions;
  const std::string HarmlessFunctions;
  /// ReportLeakingPaths, ReportDiscarded and IgnoreMain.
  const JudgeOptions Judging;
  const std::string FactsFile;
  /// User model files (';'-separated) and the models turned on or off.
  const std::string ModelFiles;
  const std::string Models;

  // The unit's configuration and facts (FileSetup.cpp).
  void reportUnknownOptions();
  void loadNamedFacts();
  /// Reads the facts at \p Path; one that cannot be read is an error of
  /// the run (the check goes on without them, so no report is lost).
  void loadFacts(const std::string &Path);
  void setUpForFile(const clang::SourceManager &SM, llvm::StringRef MainFile);
  /// Says whether Facts are stale for MainFile; matches their wrappers.
  void useFacts(const clang::SourceManager &SM, llvm::StringRef MainFile);
  const ProjectFacts *facts() const { return Facts ? &*Facts : nullptr; }
  /// Facts of the other files of the program, if any, and where they are.
  std::optional<ProjectFacts> Facts;
  std::string FactsPath;
  /// FactsFile or REAPCHECK_FACTS said which facts (or none): no search.
  bool FactsChosen = false;
  /// Index mode (REAPCHECK_INDEX=FILE): each unit's facts go there.
  std::string IndexFile;
  /// REAPCHECK_PARK: the descriptor on which the driver learns that the
  /// unit waits for facts (parkForFacts()), or -1.
  int ParkFd = -1;
  /// The unit's main file and variant, as set up at its start.
  std::string MainFile;
  std::string Variant;
  /// The unit's sources, while the driver wants the files it read listed
  /// (REAPCHECK_DEPS).
  const clang::SourceManager *ReadFilesOf = nullptr;

  ProcessApiModel Model;
  bool ModelValid = true;
  /// The callee names the call matcher accepts.
  CalleeNameSet Interesting;
  /// What the call matcher sees: Interesting, waits, kills and group calls
  /// (noted for the index, TranslationUnitScan::usesProcessApi()).
  CalleeNameSet Matched;
  /// The classes whose constructions the matcher selects.
  CalleeNameSet StartingClasses;
  /// The unit being matched; replaced at its end.
  std::unique_ptr<TranslationUnitScan> Unit;
};

} // namespace reapcheck

#endif
