//===--- LspRewriter.h - reapcheck's edits to what clangd sends -----------===//
//
// clangd gives a check no say over how its diagnostics are published, and
// Debian ships no clangd headers to hook into it.  reapcheck-clangd owns its
// stdout, though: clangd writes into a pipe, and a thread copies every LSP
// message to the real stdout, editing textDocument/publishDiagnostics:
//
//   - this check's diagnostics get codeDescription.href pointing at this
//     check's documentation, errors in its options at the page's Options
//     section (clangd would link pages of clang.llvm.org that do not exist
//     for an out-of-tree check);
//   - for a C/C++ file, the check's configuration problems (OptionErrors.h)
//     are added as diagnostics at the top of the file, unless clangd
//     already published them (clangd 22 does);
//   - on a config file, clangd's warning that the check only runs with
//     FastCheckFilter Loose is dropped when the filter in force is Loose or
//     None (our default, UserConfig.h), kept when the user's config sets
//     another one;
//   - diagnostics of the combined user config are moved back to the user's
//     own config.yaml and its line numbers.
//
// Any other message, and anything that is not an LSP message, is copied
// byte for byte.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_TOOLS_CLANGD_LSPREWRITER_H
#define REAPCHECK_TOOLS_CLANGD_LSPREWRITER_H

#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <thread>

namespace reapcheck {

struct RewriteSettings {
  std::string DocumentationURL;     // href for this check's diagnostics
  std::string UserConfigPath;       // the user's own clangd/config.yaml
  std::string CombinedConfigPath;   // the file clangd reads instead (or empty)
  unsigned CombinedConfigShift = 0; // lines before the user's text in it
};

/// A file:// URI for an absolute path, escaped as clangd escapes them.
std::string uriOfPath(llvm::StringRef Path);

/// The edited body of one outgoing message, or nullopt to send it unchanged.
std::optional<std::string> rewriteOutgoing(llvm::StringRef Body,
                                           const RewriteSettings &Settings);

/// Moves stdout into a pipe and copies (and edits) what arrives there to the
/// original stdout on a thread of its own.
class StdoutFilter {
public:
  explicit StdoutFilter(RewriteSettings Settings)
      : Settings(std::move(Settings)) {}
  StdoutFilter(const StdoutFilter &) = delete;
  StdoutFilter &operator=(const StdoutFilter &) = delete;

  /// Returns false (stdout untouched) when the pipe cannot be set up.
  bool start();
  /// Flushes what was written, ends the copy and restores nothing: call
  /// once clangd has returned, before the process exits.
  void finish();

private:
  void copyLoop(int From, int To);

  RewriteSettings Settings;
  int RealStdout = -1;
  std::thread Copier;
};

} // namespace reapcheck

#endif
