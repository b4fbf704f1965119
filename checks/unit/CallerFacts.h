//===--- CallerFacts.h - Facts for a function's callers -------*- C++ -*-===//
//
// Facts about one function that only its callers in other files need
// (docs/facts.md: `never_returns`, `ends_in`, `spawn_attr_params`,
// `spawn_attr_forwards`).
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_CALLERFACTS_H
#define REAPCHECK_CALLERFACTS_H

namespace clang {
class FunctionDecl;
} // namespace clang

namespace reapcheck {

class FactsRecorder;
class TranslationUnitScan;

/// Whether \p FD, called from another file, never returns there: it ends
/// in a noreturn call (`never_returns`) or in an endless loop
/// (`loops_forever`), or in a call of a function of the project that
/// another file defines (`ends_in`: the merge follows the chain).
void indexEnding(TranslationUnitScan &Unit, const clang::FunctionDecl &FD,
                 FactsRecorder &Recorder);

/// What \p FD sets on the spawn attributes a parameter points at
/// (`posix_spawnattr_t *attr`), and to which functions of other files it
/// gives them, for a posix_spawn() of another file.
void indexSpawnAttrs(TranslationUnitScan &Unit, const clang::FunctionDecl &FD,
                     FactsRecorder &Recorder);

} // namespace reapcheck

#endif
