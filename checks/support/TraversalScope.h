//===--- TraversalScope.h - Match only in the user's code -------*- C++ -*-===//
//
// clang-tidy's matchers walk every declaration of a translation unit,
// system headers included (before LLVM 21): on a C file including glibc's
// headers that walk alone costs about 5% of the parse, and this module's
// checks match nothing there (every matcher has
// unless(isExpansionInSystemHeader())).  Nor in declarations that hold no
// code: prototypes, typedefs, enumerations, C structs, which make up most
// of a big user header too.  When a run enables only this module's checks,
// the first match of the unit itself narrows the ASTContext's traversal
// scope to the top-level declarations outside system headers that may hold
// code, as clangd narrows it to the main file: the walk that follows skips
// the rest.  A run with any other check leaves the scope alone (another check
// may want those nodes), and so does one whose scope is already narrowed
// (clangd).
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_TRAVERSALSCOPE_H
#define REAPCHECK_TRAVERSALSCOPE_H

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

namespace reapcheck {

/// True when the Checks glob list enables no check outside this module
/// (names beginning "process-") but compiler diagnostics
/// ("clang-diagnostic-"): every positive glob after the last "-*" names
/// only those.
bool enablesOnlyOwnChecks(llvm::StringRef Checks);

/// Registers, when \p Context's options enable only this module's checks,
/// the translation-unit matcher narrowUserScope() answers; \p Callback is
/// the check.
void matchUnitForScope(const clang::tidy::ClangTidyContext &Context,
                       clang::ast_matchers::MatchFinder &Finder,
                       clang::ast_matchers::MatchFinder::MatchCallback &Callback);

/// For a match of that matcher (node "reapcheck-unit"): narrows the
/// traversal scope to the declarations outside system headers that may
/// hold code, unless it is narrowed already.  True when \p Result was that match.
bool narrowUserScope(const clang::ast_matchers::MatchFinder::MatchResult &Result);

} // namespace reapcheck

#endif
