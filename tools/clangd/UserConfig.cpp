//===--- UserConfig.cpp - defaults under the user's clangd config ---------===//

#include "UserConfig.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>
#include <cstdlib>

namespace reapcheck {

// Our fragment, a YAML document of its own, before the user's documents.
static const char Header[] =
    "# Written by reapcheck-clangd: its defaults, then your clangd config\n"
    "# (the file named below), which overrides them.\n"
    "Diagnostics:\n"
    "  ClangTidy:\n"
    "    FastCheckFilter: Loose\n";

unsigned UserConfigDefaults::linesBeforeUserConfig() {
  return llvm::StringRef(Header).count('\n') + 1; // and the separator line
}

/// The combined text.  The line between our fragment and the user's text
/// starts the user's first document, unless that text starts one itself or
/// has none (only comments): an empty document would be a config error.
static std::string combine(llvm::StringRef UserText) {
  bool HasContent = false;
  bool StartsDocument = false;
  llvm::SmallVector<llvm::StringRef, 32> Lines;
  UserText.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    llvm::StringRef Trimmed = Line.trim();
    if (Trimmed.empty() || Trimmed.starts_with("#"))
      continue;
    HasContent = true;
    StartsDocument = Trimmed.starts_with("---");
    break;
  }
  std::string Text = Header;
  Text += HasContent && !StartsDocument ? "---\n" : "# (your config)\n";
  Text += UserText.str();
  return Text;
}

static bool readFile(llvm::StringRef Path, std::string &Text) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return false;
  Text = (*Buffer)->getBuffer().str();
  return true;
}

static bool writeFile(llvm::StringRef Path, llvm::StringRef Text) {
  // Through a temporary and a rename: clangd may read at any moment.
  llvm::SmallString<256> Temp(Path);
  Temp += ".tmp";
  {
    std::error_code EC;
    llvm::raw_fd_ostream Out(Temp, EC, llvm::sys::fs::OF_Text);
    if (EC)
      return false;
    Out << Text;
    Out.close();
    if (Out.has_error()) {
      Out.clear_error();
      return false;
    }
  }
  return !llvm::sys::fs::rename(Temp, Path);
}

bool UserConfigDefaults::install() {
  llvm::SmallString<256> User;
  if (llvm::sys::path::user_config_directory(User)) {
    llvm::sys::path::append(User, "clangd", "config.yaml");
    UserPath = std::string(User);
  }
  llvm::SmallString<256> Temp;
  if (llvm::sys::fs::createUniqueDirectory("reapcheck-clangd", Temp))
    return false;
  Dir = std::string(Temp);
  llvm::SmallString<256> ClangdDir(Dir);
  llvm::sys::path::append(ClangdDir, "clangd");
  llvm::SmallString<256> Combined(ClangdDir);
  llvm::sys::path::append(Combined, "config.yaml");
  CombinedPath = std::string(Combined);
  if (llvm::sys::fs::create_directory(ClangdDir))
    return false;
  HadUserFile = !UserPath.empty() && readFile(UserPath, LastUserText);
  if (!writeFile(CombinedPath, combine(LastUserText)))
    return false;
  // A clangd killed by a signal leaves at most the two empty directories.
  llvm::sys::RemoveFileOnSignal(CombinedPath);
  return setenv("XDG_CONFIG_HOME", Dir.c_str(), /*overwrite=*/1) == 0;
}

void UserConfigDefaults::refresh() {
  std::string Text;
  bool HasFile = !UserPath.empty() && readFile(UserPath, Text);
  if (HasFile == HadUserFile && Text == LastUserText)
    return;
  if (writeFile(CombinedPath, combine(Text))) {
    HadUserFile = HasFile;
    LastUserText = std::move(Text);
  }
}

void UserConfigDefaults::startWatching() {
  if (CombinedPath.empty() || Watcher.joinable())
    return;
  Watcher = std::thread([this] {
    std::unique_lock<std::mutex> Lock(Mutex);
    // clangd itself re-reads its config files at most every 5 seconds.
    while (!Stop.wait_for(Lock, std::chrono::seconds(2),
                          [this] { return Stopping; }))
      refresh();
  });
}

UserConfigDefaults::~UserConfigDefaults() {
  if (Watcher.joinable()) {
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      Stopping = true;
    }
    Stop.notify_all();
    Watcher.join();
  }
  if (Dir.empty())
    return;
  // Best effort: a leftover temporary directory harms nobody.
  llvm::SmallString<256> ClangdDir(Dir);
  llvm::sys::path::append(ClangdDir, "clangd");
  for (llvm::StringRef Path :
       {llvm::StringRef(CombinedPath), llvm::StringRef(ClangdDir),
        llvm::StringRef(Dir)}) {
    std::error_code Ignored = llvm::sys::fs::remove(Path);
    (void)Ignored;
  }
}

} // namespace reapcheck
