//===--- UserConfig.h - defaults under the user's clangd config -----------===//
//
// clangd drops a clang-tidy check whose latency it has not measured unless
// ClangTidy.FastCheckFilter is Loose or None, and it measured only upstream
// checks.  Users should not have to know that, so reapcheck-clangd gives
// clangd the default `FastCheckFilter: Loose` through clangd's own config
// mechanism: the user config file.  clangd finds that file through
// $XDG_CONFIG_HOME; we point it at a private directory whose
// clangd/config.yaml holds our fragment followed by the user's real
// config.yaml, copied verbatim and kept up to date while clangd runs.
//
// Precedence (clangd applies project .clangd files, then the user config):
// the user's own FastCheckFilter wins over ours; a project's .clangd
// setting does not, as for any user config.  Loose also runs the other
// checks of unknown latency, which clangd's Strict default would drop.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_TOOLS_CLANGD_USERCONFIG_H
#define REAPCHECK_TOOLS_CLANGD_USERCONFIG_H

#include "llvm/ADT/StringRef.h"
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace reapcheck {

class UserConfigDefaults {
public:
  UserConfigDefaults() = default;
  UserConfigDefaults(const UserConfigDefaults &) = delete;
  UserConfigDefaults &operator=(const UserConfigDefaults &) = delete;
  /// Removes the private directory.
  ~UserConfigDefaults();

  /// Writes the combined file and points $XDG_CONFIG_HOME at it; returns
  /// false (leaving the environment alone) when that fails.  Call before
  /// clangd reads its flags, and before other threads run.
  bool install();

  /// Keeps the combined file in step with the user's file until destroyed.
  void startWatching();

  /// The user's real config.yaml (which may not exist).
  const std::string &userConfigPath() const { return UserPath; }
  /// The file clangd reads instead.
  const std::string &combinedPath() const { return CombinedPath; }
  /// Lines of the combined file before the user's first line.
  static unsigned linesBeforeUserConfig();
  /// The filter clangd uses unless a fragment of the user's config sets
  /// another one.
  static llvm::StringRef defaultFilter() { return "Loose"; }

private:
  /// Rewrites the combined file if the user's file changed since.
  void refresh();

  std::string UserPath;
  std::string Dir;
  std::string CombinedPath;
  std::string LastUserText;
  bool HadUserFile = false;
  std::mutex Mutex;
  std::condition_variable Stop;
  bool Stopping = false;
  std::thread Watcher;
};

} // namespace reapcheck

#endif
