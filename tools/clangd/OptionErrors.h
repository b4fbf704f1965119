//===--- OptionErrors.h - this check's configuration errors for a file ----===//
//
// A malformed option value turns process-unreaped-child off, and the check
// says so through clang-tidy's configuration diagnostics, which have no
// source location.  clangd 19 drops location-less diagnostics (clangd 22
// shows them at the top of the file), so in an editor the check would just
// go quiet.  reapcheck-clangd therefore computes the options clangd gives the
// check for a file, lets the check itself judge them (its constructor reads
// every option), and reports what it said next to clangd's own diagnostics
// of that file (LspRewriter.h).
//
// The options are merged as clangd merges them: .clang-tidy files from the
// root down, then .clangd files from the root down, then the user config,
// later ones winning.  Simplifications: $CLANG_TIDY-style environment and
// `InheritParentConfig` handling are clang-tidy's own (FileOptionsProvider);
// .clangd fragments with an If: block are skipped (ClangdConfig.h).
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_TOOLS_CLANGD_OPTIONERRORS_H
#define REAPCHECK_TOOLS_CLANGD_OPTIONERRORS_H

#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace reapcheck {

struct ConfigProblem {
  bool IsError = true;
  std::string Message; // as the check words it, e.g. "invalid value for ..."
};

/// What process-unreaped-child reports about its configuration for File,
/// read with the user config at UserConfigPath (may be empty).
std::vector<ConfigProblem> checkConfigProblems(llvm::StringRef File,
                                               llvm::StringRef UserConfigPath);

} // namespace reapcheck

#endif
