//===--- TidyMain.cpp - clang-tidy with reapcheck built in ----------------===//
//
// For toolchains that cannot load plugins: every stock check plus
// process-unreaped-child, from the same objects as the plugin.
//
//===----------------------------------------------------------------------===//

#include "clang-tidy/tool/ClangTidyMain.h"

int main(int argc, const char **argv) {
  return clang::tidy::clangTidyMain(argc, argv);
}
