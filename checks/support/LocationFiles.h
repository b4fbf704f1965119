//===--- LocationFiles.h - Which file holds a location? ---------*- C++ -*-===//
//
// A walk over a unit's declarations asks, for each, which file it is in or
// whether that file is a system header: thousands in a row, nearly all
// from the same few headers.  SourceManager finds a location's file by a
// binary search over the unit's files (and macro expansions) each time.
// LocationFiles gives the same answers, remembering the last file's offsets.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_LOCATIONFILES_H
#define REAPCHECK_LOCATIONFILES_H

#include "clang/Basic/SourceLocation.h"

namespace clang {
class SourceManager;
} // namespace clang

namespace reapcheck {

class LocationFiles {
public:
  explicit LocationFiles(const clang::SourceManager &SM) : SM(SM) {}

  /// SM.getFileID(SM.getExpansionLoc(Loc)): the file it was written in, a
  /// macro's expansion counting where the macro is used.
  clang::FileID fileOf(clang::SourceLocation Loc);

  /// SM.isInSystemHeader(SM.getExpansionLoc(Loc)).
  bool isSystem(clang::SourceLocation Loc);

private:
  /// Looks up the file of \p FileLoc (a file location) unless it is the
  /// last one's.
  void lookUp(clang::SourceLocation FileLoc);

  const clang::SourceManager &SM;
  /// The last file looked up (none while Begin == End): its offsets, and
  /// whether it is a system header.
  clang::SourceLocation::UIntTy Begin = 0, End = 0;
  clang::FileID File;
  bool System = false;
  /// It has #line directives: they can make part of it a system header.
  bool Lines = false;
};

} // namespace reapcheck

#endif
