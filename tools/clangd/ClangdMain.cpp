//===--- ClangdMain.cpp - clangd with reapcheck built in ------------------===//
//
// Every stock clangd feature plus process-unreaped-child.  The check objects
// are linked in as objects, so their clang-tidy module registers itself at
// start-up exactly like the modules inside libclangDaemon.
//
// Debian installs libclangdMain.a but no clangd headers, hence the
// hand-written declaration of the entry point below.
//
// clangd finds its builtin headers (stddef.h, stdarg.h...) in
// <exe>/../lib/clang/N.  A binary left in the build tree has no such
// directory and every file including <stddef.h> would fail to compile, so,
// unless the user chose a resource directory, the installed compiler's one
// (fixed at configure time) is passed on.
//
//===----------------------------------------------------------------------===//

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <cstdlib>
#include <string>
#include <vector>

namespace clang {
namespace clangd {
// Defined in libclangdMain.a (clang-tools-extra/clangd/tool/ClangdMain.cpp).
// NOLINTNEXTLINE(misc-use-internal-linkage): declared here, defined there.
int clangdMain(int Argc, char *Argv[]);
} // namespace clangd
} // namespace clang

#ifndef REAPCHECK_CLANGD_RESOURCE_DIR
#define REAPCHECK_CLANGD_RESOURCE_DIR ""
#endif

#define REAPCHECK_STRINGIFY_(X) #X
#define REAPCHECK_STRINGIFY(X) REAPCHECK_STRINGIFY_(X)

/// True if the command line or $CLANGD_FLAGS (which clangd also parses)
/// already sets the resource directory, in any spelling llvm::cl accepts.
static bool userChoseResourceDir(int Argc, char **Argv) {
  for (int I = 1; I < Argc; ++I) {
    llvm::StringRef Arg = Argv[I];
    if (!Arg.consume_front("-"))
      continue;
    Arg.consume_front("-");
    if (Arg == "resource-dir" || Arg.starts_with("resource-dir="))
      return true;
  }
  const char *Env = std::getenv("CLANGD_FLAGS");
  return Env && llvm::StringRef(Env).contains("resource-dir");
}

static void anchor() {}

/// True if clangd's own guess, <exe>/../lib/clang/N, has builtin headers:
/// the binary was installed next to a clang (e.g. /usr/lib/llvm-N/bin).
static bool ownResourceDirWorks(const char *Argv0) {
  const std::string Exe = llvm::sys::fs::getMainExecutable(
      Argv0, reinterpret_cast<void *>(&anchor));
  if (Exe.empty())
    return false;
  llvm::SmallString<256> Dir(
      llvm::sys::path::parent_path(llvm::sys::path::parent_path(Exe)));
  llvm::sys::path::append(Dir, "lib", "clang",
                          REAPCHECK_STRINGIFY(REAPCHECK_LLVM_MAJOR));
  llvm::sys::path::append(Dir, "include", "stddef.h");
  return llvm::sys::fs::exists(Dir);
}

int main(int Argc, char **Argv) {
  const llvm::StringRef Fallback = REAPCHECK_CLANGD_RESOURCE_DIR;
  if (Fallback.empty() || userChoseResourceDir(Argc, Argv) ||
      ownResourceDirWorks(Argv[0]) || !llvm::sys::fs::is_directory(Fallback))
    return clang::clangd::clangdMain(Argc, Argv);

  std::string ResourceDirArg = ("--resource-dir=" + Fallback).str();
  std::vector<char *> Args(Argv, Argv + Argc);
  Args.insert(Args.begin() + 1, ResourceDirArg.data());
  Args.push_back(nullptr);
  return clang::clangd::clangdMain(static_cast<int>(Args.size() - 1),
                                   Args.data());
}
