//===--- TidyMain.cpp - clang-tidy with reapcheck built in ----------------===//
//
// For toolchains that cannot load plugins: every stock check plus
// process-unreaped-child, from the same objects as the plugin.
//
//===----------------------------------------------------------------------===//

#include "clang-tidy/tool/ClangTidyMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#ifndef REAPCHECK_VERSION
#error "REAPCHECK_VERSION must be defined by the build"
#endif

// clang-tidy's own --version names only LLVM; a user filing a report needs
// to know which reapcheck answered, and which LLVM it was compiled for.
static void printReapcheckVersion(llvm::raw_ostream &OS) {
  OS << "reapcheck " REAPCHECK_VERSION " (process-unreaped-child built in), "
        "built for LLVM " REAPCHECK_LLVM_VERSION "\n";
}

int main(int argc, const char **argv) {
  llvm::cl::AddExtraVersionPrinter(printReapcheckVersion);
  return clang::tidy::clangTidyMain(argc, argv);
}
