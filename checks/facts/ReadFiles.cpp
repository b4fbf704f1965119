//===--- ReadFiles.cpp - The files an index run read ----------------------===//
//
// The unit's source locations are the record: each file the preprocessor
// entered has an entry of its own (a header skipped by its include guard
// has none, as it has no -H line).  Read at the end of the unit, not by a
// PPCallbacks of ours: a subclass's vtable would name every virtual
// function of the LLVM it was built with, and the plugin could no longer
// be loaded by another clang-tidy to say it was built for another major
// (test/setup/guard.test).
//
//===----------------------------------------------------------------------===//

#include "facts/ReadFiles.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace reapcheck {

bool writeReadFiles(const SourceManager &SM, llvm::StringRef Path) {
  llvm::StringSet<> Seen;
  std::string Text;
  for (unsigned I = 0, N = SM.local_sloc_entry_size(); I < N; ++I) {
    const SrcMgr::SLocEntry &Entry = SM.getLocalSLocEntry(I);
    if (!Entry.isFile())
      continue;
    // A file location's raw encoding is its offset.
    FileID Entered =
        SM.getFileID(SourceLocation::getFromRawEncoding(Entry.getOffset()));
    if (Entered.isInvalid() || Entered == SM.getMainFileID())
      continue;
    // <built-in> and <command line> are no files.
    if (auto File = SM.getFileEntryRefForID(Entered))
      if (Seen.insert(File->getName()).second)
        Text += (File->getName() + "\n").str();
  }
  std::error_code EC;
  llvm::raw_fd_ostream Out(Path, EC);
  if (EC)
    return false;
  Out << Text;
  return true;
}

} // namespace reapcheck
