//===--- LocationFiles.cpp - Which file holds a location? -----------------===//

#include "support/LocationFiles.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace reapcheck {

void LocationFiles::lookUp(SourceLocation FileLoc) {
  // A file location's raw encoding is its offset.
  SourceLocation::UIntTy Offset = FileLoc.getRawEncoding();
  if (Begin <= Offset && Offset < End)
    return;
  File = SM.getFileID(FileLoc);
  bool Invalid = false;
  const SrcMgr::SLocEntry &Entry = SM.getSLocEntry(File, &Invalid);
  if (Invalid || !Entry.isFile()) {
    Begin = End = 0;
    System = SM.isInSystemHeader(FileLoc);
    Lines = false;
    return;
  }
  Begin = Entry.getOffset();
  End = Begin + SM.getFileIDSize(File);
  System = SM.isInSystemHeader(FileLoc);
  Lines = Entry.getFile().hasLineDirectives();
}

FileID LocationFiles::fileOf(SourceLocation Loc) {
  if (Loc.isInvalid())
    return FileID();
  lookUp(SM.getExpansionLoc(Loc));
  return File;
}

bool LocationFiles::isSystem(SourceLocation Loc) {
  Loc = SM.getExpansionLoc(Loc);
  lookUp(Loc);
  return Lines ? SM.isInSystemHeader(Loc) : System;
}

} // namespace reapcheck
