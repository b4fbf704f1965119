//===--- FactsFile.cpp - Finding the facts file and judging it ------------===//

#include "facts/FactsFile.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include <algorithm>
#include <cstdlib>

namespace reapcheck {

/// The facts file in \p Dir, or in its build/ folder, or "".
static std::string factsIn(llvm::StringRef Dir) {
  for (const char *Sub : {"", "build"}) {
    llvm::SmallString<256> Candidate(Dir);
    llvm::sys::path::append(Candidate, Sub, FactsFileName);
    if (llvm::sys::fs::is_regular_file(Candidate))
      return std::string(Candidate);
  }
  return "";
}

/// The facts file in \p Dir or the nearest folder above it, or "".
static std::string factsAbove(llvm::StringRef Dir) {
  for (llvm::StringRef D = Dir; !D.empty();
       D = llvm::sys::path::parent_path(D)) {
    std::string Found = factsIn(D);
    if (!Found.empty())
      return Found;
  }
  return "";
}

std::string factsPathOf(llvm::StringRef MainFile) {
  llvm::SmallString<256> Path(MainFile);
  if (llvm::sys::fs::make_absolute(Path))
    return MainFile.str();
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::real_path(Path, Real))
    return std::string(Real);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return std::string(Path);
}

std::string findFactsFile(llvm::StringRef MainFile) {
  if (!MainFile.empty()) {
    std::string Found =
        factsAbove(llvm::sys::path::parent_path(factsPathOf(MainFile)));
    if (!Found.empty())
      return Found;
  }
  llvm::SmallString<256> Cwd;
  if (llvm::sys::fs::current_path(Cwd))
    return "";
  return factsAbove(Cwd);
}

/// The SHA-256 of \p Path's content in lower-case hex, or "" when it
/// cannot be read.
static std::string sha256Of(llvm::StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return "";
  llvm::StringRef Bytes = (*Buffer)->getBuffer();
  auto Hash = llvm::SHA256::hash(llvm::ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(Bytes.data()), Bytes.size()));
  return llvm::toHex(Hash, /*LowerCase=*/true);
}

static bool isUnchanged(llvm::StringRef Path,
                        const ProjectFacts::FileStamp &Stamp) {
  llvm::sys::fs::file_status Status;
  if (llvm::sys::fs::status(Path, Status) ||
      !llvm::sys::fs::is_regular_file(Status))
    return false;
  auto Mtime = llvm::sys::toTimeT(Status.getLastModificationTime());
  if (Stamp.Size == static_cast<int64_t>(Status.getSize()) &&
      Stamp.Mtime == static_cast<int64_t>(Mtime))
    return true;
  return !Stamp.Sha256.empty() && sha256Of(Path) == Stamp.Sha256;
}

std::vector<std::string> staleFilesFor(const ProjectFacts &Facts,
                                       llvm::StringRef MainFile) {
  std::string Self = factsPathOf(MainFile);
  llvm::StringSet<> Used;
  for (const auto &Program : Facts.programs())
    if (std::find(Program.begin(), Program.end(), Self) != Program.end())
      Used.insert(Program.begin(), Program.end());
  if (Used.empty())
    for (const auto &Entry : Facts.stamps())
      Used.insert(Entry.first());
  std::vector<std::string> Stale;
  for (const auto &Entry : Used) {
    llvm::StringRef File = Entry.first();
    auto Stamp = Facts.stamps().find(File);
    if (File != Self && Stamp != Facts.stamps().end() &&
        !isUnchanged(File, Stamp->second))
      Stale.push_back(File.str());
  }
  std::sort(Stale.begin(), Stale.end());
  return Stale;
}

std::string rewriteCommandFor(const ProjectFacts &Facts,
                              llvm::StringRef Path) {
  if (!Facts.rewriteCommand().empty())
    return Facts.rewriteCommand();
  llvm::StringRef Dir = llvm::sys::path::parent_path(Path);
  std::string Command = "tools/reapcheck -p " + Dir.str() + " --index-only";
  if (llvm::sys::path::filename(Path) != FactsFileName)
    Command += " --facts " + Path.str();
  return Command;
}

std::string chosenFactsFile(llvm::StringRef Option, llvm::StringRef MainFile) {
  if (!Option.empty())
    return Option == "none" ? "" : Option.str();
  if (const char *Env = std::getenv("REAPCHECK_FACTS"))
    return Env;
  return findFactsFile(MainFile);
}

std::string shownPlace(llvm::StringRef File, unsigned Line, unsigned Column,
                       const clang::SourceManager &SM) {
  std::string Shown = File.str();
  if (auto Main = SM.getFileEntryRefForID(SM.getMainFileID())) {
    std::string Self = factsPathOf(Main->getName());
    llvm::StringRef Dir = llvm::sys::path::parent_path(Self);
    llvm::StringRef Rest = File;
    if (!Dir.empty() && Rest.consume_front(Dir) &&
        Rest.consume_front(llvm::sys::path::get_separator()))
      Shown = Rest.str();
  }
  return Shown + ":" + std::to_string(Line) + ":" + std::to_string(Column);
}

} // namespace reapcheck
