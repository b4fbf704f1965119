//===--- InheritedResets.h - Functions run with SIGCHLD reset ---*- C++ -*-===//
//
// A disposition belongs to the process: a worker that sets SIGCHLD back to
// SIG_DFL (or to a handler that reaps nothing) and then calls a function
// that forks leaves that function's children to nobody, whatever handler
// main installed first.  The functions of the unit entered so: called, on
// some path, where their caller may have reset SIGCHLD itself or entered
// reset in turn, with no ignore nor reaper installed between (the
// Disposition::Reset of SigchldDispositions).  The facts add the functions
// that callers in other files enter reset (`entered_reset`).
//
// Only callers that reset (themselves or through a helper of the unit) or
// that are entered reset are analysed, once or twice each: a unit that
// never resets SIGCHLD costs one walk of its calls.  Built on the first
// question.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_INHERITEDRESETS_H
#define REAPCHECK_INHERITEDRESETS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <optional>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace reapcheck {

class ProcessApiModel;
class ProjectFacts;
class SummaryProvider;

class InheritedResets {
public:
  InheritedResets(clang::ASTContext &Ctx, const ProcessApiModel &Model,
                  SummaryProvider &Summaries, const ProjectFacts *Facts)
      : Ctx(Ctx), Model(Model), Summaries(Summaries), Facts(Facts) {}

  /// True when \p FD may start running with SIGCHLD reset.
  bool entersReset(const clang::FunctionDecl *FD);

private:
  void build();
  /// Analyses \p Caller from an entry reset or not; the callees it calls
  /// while reset are entered reset.
  void follow(const clang::FunctionDecl &Caller, bool EnteredReset);
  void enter(const clang::FunctionDecl *FD);

  clang::ASTContext &Ctx;
  const ProcessApiModel &Model;
  SummaryProvider &Summaries;
  const ProjectFacts *Facts;
  bool Built = false;
  /// The unit's functions that call another, by canonical declaration, and
  /// whether each was followed from a reset entry yet.
  llvm::DenseMap<const clang::FunctionDecl *, bool> Callers;
  llvm::DenseSet<const clang::FunctionDecl *> Entered;
  llvm::SmallVector<const clang::FunctionDecl *, 8> Work;
};

} // namespace reapcheck

#endif
