//===--- ClangdConfig.h - the parts of a .clangd file reapcheck reads -----===//
//
// reapcheck-clangd needs three facts from clangd's YAML config files, which
// it reads itself because Debian installs no clangd headers:
//   - Diagnostics.ClangTidy.CheckOptions, to validate this check's options
//     the way clangd will pass them (OptionErrors.h);
//   - Diagnostics.ClangTidy.FastCheckFilter, to know whether clangd will run
//     a check whose latency it does not know (ours);
// in the order the fragments (YAML documents) apply, later ones winning.
//
// Simplification: fragments with an If: block are skipped (their conditions
// are not evaluated); every other key is ignored.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_TOOLS_CLANGD_CLANGDCONFIG_H
#define REAPCHECK_TOOLS_CLANGD_CLANGDCONFIG_H

#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace reapcheck {

struct ClangdConfigFacts {
  /// Diagnostics.ClangTidy.CheckOptions entries, in file order.
  std::vector<std::pair<std::string, std::string>> CheckOptions;
  /// The last Diagnostics.ClangTidy.FastCheckFilter value, if any.
  std::optional<std::string> FastCheckFilter;
};

/// Reads the unconditional fragments of one clangd config file's text.
/// Malformed YAML yields whatever was readable before the error.
ClangdConfigFacts readClangdConfig(llvm::StringRef Text);

/// The same for a file; an unreadable or missing file yields nothing.
ClangdConfigFacts readClangdConfigFile(llvm::StringRef Path);

} // namespace reapcheck

#endif
