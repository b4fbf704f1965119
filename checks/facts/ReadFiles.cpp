//===--- ReadFiles.cpp - The files an index run read ----------------------===//

#include "facts/ReadFiles.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PPCallbacks.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace reapcheck {
namespace {

class ReadFiles : public PPCallbacks {
public:
  ReadFiles(const SourceManager &SM, llvm::StringRef Path)
      : SM(SM), Path(Path.str()) {}

  void FileChanged(SourceLocation Loc, FileChangeReason Reason,
                   SrcMgr::CharacteristicKind, FileID) override {
    if (Reason != EnterFile)
      return;
    FileID Entered = SM.getFileID(Loc);
    if (Entered == SM.getMainFileID())
      return;
    // <built-in> and <command line> are no files.
    if (auto File = SM.getFileEntryRefForID(Entered))
      if (Seen.insert(File->getName()).second)
        Names.push_back(File->getName().str());
  }

  void EndOfMainFile() override {
    std::string Text;
    for (const std::string &Name : Names)
      Text += Name + "\n";
    std::error_code EC;
    llvm::raw_fd_ostream Out(Path, EC);
    // The driver finds no list and does not use the unit's facts.
    if (EC)
      return;
    Out << Text;
  }

private:
  const SourceManager &SM;
  std::string Path;
  llvm::StringSet<> Seen;
  std::vector<std::string> Names;
};

} // namespace

void listReadFiles(Preprocessor &PP, llvm::StringRef Path) {
  PP.addPPCallbacks(std::make_unique<ReadFiles>(PP.getSourceManager(), Path));
}

} // namespace reapcheck
