//===--- ClangdMain.cpp - clangd with reapcheck built in ------------------===//
//
// Every stock clangd feature plus process-unreaped-child.  The check objects
// are linked in as objects, so their clang-tidy module registers itself at
// start-up exactly like the modules inside libclangDaemon.
//
// Debian installs libclangdMain.a but no clangd headers, hence the
// hand-written declaration of the entry point below.  What this binary adds
// around clangd, so that the check works without the user knowing clangd's
// internals:
//   - a resource directory when the binary has none next to it (below);
//   - FastCheckFilter: Loose as a default under the user's clangd config
//     (UserConfig.h), without which clangd drops the check;
//   - edits to the diagnostics clangd publishes (LspRewriter.h): our
//     documentation link, the check's configuration errors, no needless
//     FastCheckFilter warning.
//
// clangd finds its builtin headers (stddef.h, stdarg.h...) in
// <exe>/../lib/clang/N.  A binary left in the build tree has no such
// directory and every file including <stddef.h> would fail to compile, so,
// unless the user chose a resource directory, the installed compiler's one
// (fixed at configure time) is passed on.
//
//===----------------------------------------------------------------------===//

#include "LspRewriter.h"
#include "UserConfig.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
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

#ifndef REAPCHECK_VERSION
#define REAPCHECK_VERSION "unknown"
#endif
#ifndef REAPCHECK_LLVM_VERSION
#define REAPCHECK_LLVM_VERSION "unknown"
#endif
#ifndef REAPCHECK_DOC_INSTALLED
#define REAPCHECK_DOC_INSTALLED ""
#endif
#ifndef REAPCHECK_DOC_BUILT
#define REAPCHECK_DOC_BUILT ""
#endif
#ifndef REAPCHECK_DOC_SOURCE
#define REAPCHECK_DOC_SOURCE ""
#endif

/// The check's documentation: the HTML page installed with the binary
/// (<prefix>/bin/../REAPCHECK_DOC_INSTALLED), else the one in the build
/// tree, else the .rst source.  Empty when none exists.
static std::string documentationURL(const char *Argv0) {
  const std::string Exe = llvm::sys::fs::getMainExecutable(
      Argv0, reinterpret_cast<void *>(&anchor));
  llvm::SmallString<256> Installed;
  if (!Exe.empty() && !llvm::StringRef(REAPCHECK_DOC_INSTALLED).empty()) {
    Installed = llvm::sys::path::parent_path(llvm::sys::path::parent_path(Exe));
    llvm::sys::path::append(Installed, REAPCHECK_DOC_INSTALLED);
  }
  for (llvm::StringRef Candidate :
       {llvm::StringRef(Installed), llvm::StringRef(REAPCHECK_DOC_BUILT),
        llvm::StringRef(REAPCHECK_DOC_SOURCE)}) {
    if (!Candidate.empty() && llvm::sys::fs::is_regular_file(Candidate))
      return reapcheck::uriOfPath(Candidate);
  }
  return "";
}

enum class Mode { Informational, NotLsp, Lsp };

/// What clangd is asked to do: print a help or version text and exit(),
/// something else than LSP over stdout (--check, the lit-test and XPC
/// modes), or serve LSP over stdio.
static Mode modeOf(int Argc, char **Argv) {
  Mode Result = std::getenv("CLANGD_AS_XPC_SERVICE") ? Mode::NotLsp : Mode::Lsp;
  for (int I = 1; I < Argc; ++I) {
    llvm::StringRef Arg = Argv[I];
    if (!Arg.consume_front("-"))
      continue;
    Arg.consume_front("-");
    if (Arg.starts_with("help") || Arg == "version" ||
        Arg.starts_with("print-"))
      return Mode::Informational;
    if (Arg == "check" || Arg.starts_with("check=") ||
        Arg.starts_with("lit-test") || Arg.starts_with("input-style"))
      Result = Mode::NotLsp;
  }
  return Result;
}

static void printReapcheckVersion(llvm::raw_ostream &OS) {
  OS << "reapcheck " REAPCHECK_VERSION " (process-unreaped-child built in), "
        "built for LLVM " REAPCHECK_LLVM_VERSION "\n";
}

static int runClangd(int Argc, char **Argv) {
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

/// True for --version in any spelling llvm::cl accepts.
static bool asksVersion(int Argc, char **Argv) {
  for (int I = 1; I < Argc; ++I) {
    llvm::StringRef Arg = Argv[I];
    if (Arg == "-version" || Arg == "--version")
      return true;
  }
  return false;
}

int main(int Argc, char **Argv) {
  const Mode RunMode = modeOf(Argc, Argv);
  // clangd exit()s right after printing these: nothing to set up or undo.
  if (RunMode == Mode::Informational) {
    // clangd installs its own version printer, which replaces llvm::cl's
    // extra printers: our line goes first instead.
    if (asksVersion(Argc, Argv))
      printReapcheckVersion(llvm::outs());
    return runClangd(Argc, Argv);
  }

  // Before any other thread exists: install() changes the environment.
  reapcheck::UserConfigDefaults Defaults;
  const bool HaveDefaults = Defaults.install();
  if (HaveDefaults)
    Defaults.startWatching();
  if (RunMode != Mode::Lsp)
    return runClangd(Argc, Argv);

  reapcheck::RewriteSettings Settings;
  Settings.DocumentationURL = documentationURL(Argv[0]);
  Settings.UserConfigPath = Defaults.userConfigPath();
  if (HaveDefaults) {
    Settings.CombinedConfigPath = Defaults.combinedPath();
    Settings.CombinedConfigShift =
        reapcheck::UserConfigDefaults::linesBeforeUserConfig();
  }
  reapcheck::StdoutFilter Filter(std::move(Settings));
  const bool Filtering = Filter.start();
  const int Status = runClangd(Argc, Argv);
  if (Filtering)
    Filter.finish();
  return Status;
}
