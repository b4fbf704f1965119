//===--- ModelCheck.cpp - A check that reads the process API model --------===//

#include "ModelCheck.h"

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

} // namespace reapcheck
