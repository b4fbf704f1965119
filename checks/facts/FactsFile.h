//===--- FactsFile.h - Finding the facts file and judging it ---*- C++ -*-===//
//
// Where a unit finds the project facts without an option, and whether the
// facts it uses still describe the files they came from (docs/facts.md,
// "Facts on every route").
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_FACTSFILE_H
#define REAPCHECK_FACTSFILE_H

#include "facts/ProjectFacts.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace clang {
class SourceManager;
} // namespace clang

namespace reapcheck {

/// The name the driver gives the facts file next to a compile database.
inline constexpr const char *FactsFileName = "reapcheck-facts.json";

/// The first `reapcheck-facts.json` or `build/reapcheck-facts.json` found
/// in the folder of \p MainFile or one above it, then in the working
/// directory or one above it (a CMake build runs the compile, so the check,
/// in the build tree).  "" when there is none.
std::string findFactsFile(llvm::StringRef MainFile);

/// \p MainFile as the facts name files: absolute, links resolved.
std::string factsPathOf(llvm::StringRef MainFile);

/// \p File:Line:Column as a note shows a place in another file the facts
/// name: the path relative to the folder of the file being checked (the
/// main file of \p SM) when it is in that folder or below, else as the
/// facts name it.
std::string shownPlace(llvm::StringRef File, unsigned Line, unsigned Column,
                       const clang::SourceManager &SM);

/// Which facts file the checks read for \p MainFile, as
/// process-unreaped-child chooses it: \p Option (its FactsFile; "none":
/// none), else REAPCHECK_FACTS (set and empty: none), else findFactsFile().
/// "" when none.
std::string chosenFactsFile(llvm::StringRef Option, llvm::StringRef MainFile);

/// The files whose facts \p MainFile's verdicts may use (the other files
/// of every program it is linked into; every other file when the facts
/// put it in no program) whose content differs from when they were
/// indexed, or that vanished.  A file only touched is unchanged: its
/// content is compared when its size or time differ.  Sorted.
std::vector<std::string> staleFilesFor(const ProjectFacts &Facts,
                                       llvm::StringRef MainFile);

/// A command that writes the facts file \p Path again: the one the driver
/// recorded in it, or the driver's usual one for a file beside a compile
/// database.
std::string rewriteCommandFor(const ProjectFacts &Facts, llvm::StringRef Path);

} // namespace reapcheck

#endif
