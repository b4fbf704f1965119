//===--- ConfigProblems.cpp - Configuration clang-tidy lets pass ----------===//

#include "ConfigProblems.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

namespace reapcheck {

/// The known option nearest to \p Name (their parts after the check's name
/// at most a third of the letters apart), or "".
static std::string nearestOption(
    llvm::StringRef Name,
    const clang::tidy::ClangTidyOptions::OptionMap &Known) {
  llvm::StringRef Option = Name.rsplit('.').second;
  std::string Best;
  unsigned BestDistance = Option.size() / 3 + 1;
  for (const auto &Entry : Known) {
    unsigned D = Option.edit_distance(Entry.getKey().rsplit('.').second,
                                      /*AllowReplacements=*/true,
                                      BestDistance);
    if (D < BestDistance) {
      BestDistance = D;
      Best = Entry.getKey().str();
    }
  }
  return Best;
}

std::vector<std::string>
unknownOptions(const clang::tidy::ClangTidyOptions::OptionMap &Given,
               const clang::tidy::ClangTidyOptions::OptionMap &Known) {
  std::vector<std::string> Names, Messages;
  if (Known.empty())
    return Messages;
  std::string Prefix = Known.begin()->getKey().rsplit('.').first.str() + ".";
  for (const auto &Entry : Given)
    if (Entry.getKey().substr(0, Prefix.size()) == Prefix &&
        !Known.count(Entry.getKey()))
      Names.push_back(Entry.getKey().str());
  llvm::sort(Names);
  for (const std::string &Name : Names) {
    std::string Message = "unknown option '" + Name + "'";
    std::string Near = nearestOption(Name, Known);
    if (!Near.empty())
      Message += "; did you mean '" + Near + "'?";
    Messages.push_back(Message + " (the check ignores it)");
  }
  return Messages;
}

/// The message for \p Path when it names options of the check (\p Prefix)
/// but cannot be parsed (clang-tidy dropped it, and those options with
/// it), or "".
static std::string droppedFile(llvm::StringRef Path, llvm::StringRef Prefix) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer || !(*Buffer)->getBuffer().contains(Prefix))
    return "";
  std::string Reason;
  auto Parsed = clang::tidy::parseConfigurationWithDiags(
      (*Buffer)->getMemBufferRef(), [&](const llvm::SMDiagnostic &D) {
        if (Reason.empty())
          Reason = std::to_string(D.getLineNo()) + ":" +
                   std::to_string(D.getColumnNo() + 1) + ": " +
                   D.getMessage().str();
      });
  if (Parsed)
    return "";
  return "'" + Path.str() + "' cannot be parsed (" +
         (Reason.empty() ? Parsed.getError().message() : Reason) +
         "): clang-tidy dropped it, so the " + Prefix.drop_back().str() +
         " options it sets were not received; the check runs without them";
}

std::vector<std::string> droppedConfigFiles(llvm::StringRef MainFile,
                                            llvm::StringRef CheckName) {
  std::vector<std::string> Messages;
  llvm::SmallString<256> Dir(MainFile);
  if (MainFile.empty() || llvm::sys::fs::make_absolute(Dir))
    return Messages;
  std::string Prefix = CheckName.str() + ".";
  for (llvm::StringRef D = llvm::sys::path::parent_path(Dir); !D.empty();
       D = llvm::sys::path::parent_path(D)) {
    llvm::SmallString<256> Config(D);
    llvm::sys::path::append(Config, ".clang-tidy");
    if (!llvm::sys::fs::is_regular_file(Config))
      continue;
    std::string Message = droppedFile(Config, Prefix);
    if (!Message.empty())
      Messages.push_back(Message);
  }
  return Messages;
}

} // namespace reapcheck
