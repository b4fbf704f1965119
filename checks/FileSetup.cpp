//===--- FileSetup.cpp - What the check needs to know about its unit ------===//
//
// The part of UnreapedChildCheck that depends on the unit's configuration
// and file: problems of the configuration clang-tidy lets pass, and which
// project facts the unit uses (docs/facts.md, "Facts on every route").
//
// clangd shows configuration diagnostics only while it makes the checks,
// and names the file to the context only afterwards; so what needs no file
// is said in the constructor, and what needs the file (a dropped
// .clang-tidy above it, facts found above it, stale facts) is said when the
// preprocessor is set up, at the start of the file.
//
//===----------------------------------------------------------------------===//

#include "ConfigProblems.h"
#include "UnreapedChildCheck.h"
#include "facts/FactsFile.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace reapcheck {

/// The check's own options, keyed "<check name>.<option>".
static tidy::ClangTidyOptions::OptionMap
knownOptions(UnreapedChildCheck &Check) {
  tidy::ClangTidyOptions::OptionMap Known;
  Check.storeOptions(Known);
  return Known;
}

/// Under the driver, which has run --verify-config before, the check does
/// not say the same again.
static bool driverVerified() {
  const char *Verified = std::getenv("REAPCHECK_CONFIG_VERIFIED");
  return Verified && *Verified;
}

void UnreapedChildCheck::reportUnknownOptions() {
  if (driverVerified())
    return;
  auto Known = knownOptions(*this);
  for (const std::string &Message :
       unknownOptions(TidyContext.getOptions().CheckOptions, Known))
    configurationDiag("%0", DiagnosticIDs::Warning) << Message;
}

/// FactsFile ("none": no facts), else the driver's REAPCHECK_FACTS (set and
/// empty: no facts).  Neither set: the facts are looked for above the file
/// (setUpForFile).  Facts that cannot be read are an error of the run (the
/// check goes on without them, so no report is lost).
void UnreapedChildCheck::loadNamedFacts() {
  std::string Path;
  const char *Env = std::getenv("REAPCHECK_FACTS");
  if (!FactsFile.empty())
    Path = FactsFile == "none" ? "" : FactsFile;
  else if (Env)
    Path = Env;
  else
    return;
  FactsChosen = true;
  if (!Path.empty())
    loadFacts(Path);
}

void UnreapedChildCheck::loadFacts(const std::string &Path) {
  std::string Error;
  Facts = ProjectFacts::load(Path, Error);
  FactsPath = Path;
  if (!Error.empty())
    configurationDiag("process-unreaped-child.FactsFile: %0; checking "
                      "without facts from other files",
                      DiagnosticIDs::Error)
        << Error;
}

void UnreapedChildCheck::setUpForFile(const SourceManager &SM,
                                      llvm::StringRef MainFile) {
  SourceLocation Start = SM.getLocForStartOfFile(SM.getMainFileID());
  if (!driverVerified())
    for (const std::string &Message : droppedConfigFiles(MainFile, OwnName))
      diag(Start, "%0", DiagnosticIDs::Error) << Message;
  // Index mode never reads facts it did not ask for: it writes them.
  if (!FactsChosen && IndexFile.empty()) {
    std::string Found = findFactsFile(MainFile);
    if (!Found.empty()) {
      std::string Error;
      Facts = ProjectFacts::load(Found, Error);
      FactsPath = Found;
      if (!Error.empty())
        diag(Start, "project facts found above the file: %0; checking "
                    "without facts from other files",
             DiagnosticIDs::Error)
            << Error;
    }
  }
  useFacts(SM, MainFile);
  newUnit();
}

void UnreapedChildCheck::useFacts(const SourceManager &SM,
                                  llvm::StringRef MainFile) {
  this->MainFile = MainFile.str();
  SourceLocation Start = SM.getLocForStartOfFile(SM.getMainFileID());
  if (Facts) {
    std::vector<std::string> Stale = staleFilesFor(*Facts, MainFile);
    if (!Stale.empty())
      diag(Start, "project facts '%0' are stale for this file: %1 file(s) "
                  "of its program changed since they were written (first: "
                  "%2); write them again with: %3",
           DiagnosticIDs::Warning)
          << FactsPath << static_cast<unsigned>(Stale.size())
          << Stale.front() << rewriteCommandFor(*Facts, FactsPath);
    for (const std::string &Name : Facts->wrapperNames()) {
      Interesting.add(Name);
      Matched.add(Name);
    }
  }
}

} // namespace reapcheck
