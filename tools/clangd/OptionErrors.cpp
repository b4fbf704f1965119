//===--- OptionErrors.cpp - this check's configuration errors for a file --===//

#include "OptionErrors.h"
#include "ClangdConfig.h"
#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <memory>

namespace reapcheck {

using clang::tidy::ClangTidyOptions;

static const char CheckName[] = "process-unreaped-child";

namespace {

/// Keeps what the check says while it is being constructed.
class ProblemCollector : public clang::DiagnosticConsumer {
public:
  std::vector<ConfigProblem> Problems;

  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < clang::DiagnosticsEngine::Warning)
      return;
    llvm::SmallString<128> Text;
    Info.FormatDiagnostic(Text);
    // ClangTidyContext appends the pseudo check name, as clangd strips it.
    llvm::StringRef Message = Text;
    Message.consume_back(" [clang-tidy-config]");
    Problems.push_back(
        {Level >= clang::DiagnosticsEngine::Error, Message.str()});
  }
};

} // namespace

/// The directories from the root down to File's own.
static llvm::SmallVector<std::string, 8> ancestorsOf(llvm::StringRef File) {
  llvm::SmallVector<std::string, 8> Dirs;
  for (llvm::StringRef Dir = llvm::sys::path::parent_path(File); !Dir.empty();
       Dir = llvm::sys::path::parent_path(Dir)) {
    Dirs.push_back(Dir.str());
    if (Dir == llvm::sys::path::root_path(Dir))
      break;
  }
  return {Dirs.rbegin(), Dirs.rend()};
}

static void applyClangdConfig(llvm::StringRef Path, ClangTidyOptions &Options) {
  for (auto &[Name, Value] : readClangdConfigFile(Path).CheckOptions)
    Options.CheckOptions[Name] = ClangTidyOptions::ClangTidyValue(Value);
}

static ClangTidyOptions optionsFor(llvm::StringRef File,
                                   llvm::StringRef UserConfigPath) {
  clang::tidy::FileOptionsProvider TidyFiles{
      clang::tidy::ClangTidyGlobalOptions(), ClangTidyOptions(),
      ClangTidyOptions()};
  ClangTidyOptions Options = TidyFiles.getOptions(File);
  for (const std::string &Dir : ancestorsOf(File)) {
    llvm::SmallString<256> Path(Dir);
    llvm::sys::path::append(Path, ".clangd");
    applyClangdConfig(Path, Options);
  }
  if (!UserConfigPath.empty())
    applyClangdConfig(UserConfigPath, Options);
  // Only this check: its constructor is what validates the options.
  Options.Checks = std::string("-*,") + CheckName;
  return Options;
}

std::vector<ConfigProblem> checkConfigProblems(llvm::StringRef File,
                                               llvm::StringRef UserConfigPath) {
  ProblemCollector Collector;
  clang::tidy::ClangTidyContext Context(
      std::make_unique<clang::tidy::DefaultOptionsProvider>(
          clang::tidy::ClangTidyGlobalOptions(),
          optionsFor(File, UserConfigPath)));
  // LLVM 21 made DiagnosticOptions a plain object owned by the context.
#if REAPCHECK_LLVM_MAJOR >= 21
  auto DiagOpts = std::make_unique<clang::DiagnosticOptions>();
  clang::DiagnosticsEngine Engine(clang::DiagnosticIDs::create(), *DiagOpts,
                                  &Collector, /*ShouldOwnClient=*/false);
  Context.setDiagnosticsEngine(std::move(DiagOpts), &Engine);
#else
  clang::DiagnosticsEngine Engine(
      llvm::makeIntrusiveRefCnt<clang::DiagnosticIDs>(),
      llvm::makeIntrusiveRefCnt<clang::DiagnosticOptions>(), &Collector,
      /*ShouldOwnClient=*/false);
  Context.setDiagnosticsEngine(&Engine);
#endif
  clang::tidy::ClangTidyASTConsumerFactory Factory(Context);
  Factory.getCheckOptions(); // constructs the check, which reads its options
  return std::move(Collector.Problems);
}

} // namespace reapcheck
