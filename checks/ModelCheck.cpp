//===--- ModelCheck.cpp - A check that reads the process API model --------===//

#include "ModelCheck.h"
#include "facts/FactsFile.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"

namespace reapcheck {

ModelCheck::ModelCheck(llvm::StringRef Name,
                       clang::tidy::ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), ModelFiles(Options.get("ModelFiles", "")),
      Models(Options.get("Models", "")), TidyContext(*Context) {
#if REAPCHECK_LLVM_MAJOR == 14
  // LLVM 14's --dump-config makes the checks with no diagnostics engine.
  if (getCurrentMainFile().empty())
    return;
#endif
  auto Add = [&](llvm::StringRef Option, std::optional<std::string> Error) {
    if (!Error)
      return;
    ModelValid = false;
    configurationDiag("invalid value for option '%0.%1': %2",
                      clang::DiagnosticIDs::Error)
        << Name << Option << *Error;
  };
  Add("ModelFiles", Model.addModelFiles(ModelFiles));
  Add("Models", Model.selectModels(Models));
}

void ModelCheck::storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "ModelFiles", ModelFiles);
  Options.store(Opts, "Models", Models);
}

const ProjectFacts *ModelCheck::unitFacts(clang::ASTContext &Ctx) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  auto Main = SM.getFileEntryRefForID(SM.getMainFileID());
  if (!Main)
    return nullptr;
  const auto &CheckOptions = TidyContext.getOptions().CheckOptions;
  auto Option = CheckOptions.find("process-unreaped-child.FactsFile");
  std::string Path = chosenFactsFile(
      Option == CheckOptions.end() ? "" : Option->second.Value,
      Main->getName());
  if (Path.empty())
    return nullptr;
  MainPath = factsPathOf(Main->getName());
  if (Path != FactsPath) {
    std::string Error;
    Facts = ProjectFacts::load(Path, Error);
    FactsPath = Path;
  }
  return Facts ? &*Facts : nullptr;
}

} // namespace reapcheck
