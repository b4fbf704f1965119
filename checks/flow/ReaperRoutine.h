//===--- ReaperRoutine.h - Whether a thread reaps every child --*- C++ -*-===//
//
// A thread whose start routine reaps any child over and over reaps every
// child of its process (threads share their process's children), with no
// SIGCHLD needed.  The rule is in docs/process/unreaped-child.rst.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_REAPERROUTINE_H
#define REAPCHECK_REAPERROUTINE_H

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

#include <vector>

namespace reapcheck {

class ProcessApiModel;
class SummaryProvider;

/// True when \p Routine, or a function it calls (two levels deep), reaps
/// any child inside a loop that does not end when the reap finds no
/// child: the loop's condition calls no reap, and no break or return
/// leaves it under a condition that tests a reap's result or a variable
/// that holds one.  A reap inside the loop may be made by a function it
/// calls (reapsAnyChild()).
bool reapsOverAndOver(const ProcessApiModel &Model,
                      const clang::FunctionDecl *Routine,
                      clang::ASTContext &Ctx, SummaryProvider *Summaries);

/// The functions \p Routine's own body calls inside a loop that does not
/// end on a failed reap, whose bodies are not in view (another file's
/// `reap_finished()`), when it is no reaper by what is in view: the facts
/// may say they reap any child.
std::vector<const clang::FunctionDecl *>
unseenCallsInForeverLoops(const ProcessApiModel &Model,
                          const clang::FunctionDecl &Routine,
                          clang::ASTContext &Ctx, SummaryProvider *Summaries);

/// True when \p FD may be a thread's start routine by its type: one
/// `void *` parameter, and a `void *` or `int` result (pthread_create,
/// thrd_create, g_thread_new).
bool mayBeThreadRoutine(const clang::FunctionDecl &FD);

/// True when \p Routine, or a function it calls (two levels deep), waits
/// for a signal in a call of a `sigset: take` row (sigwaitinfo, signalfd):
/// it sees SIGCHLD only where the process keeps it blocked.
bool reaperNeedsBlockedSigchld(const ProcessApiModel &Model,
                               const clang::FunctionDecl *Routine);

} // namespace reapcheck

#endif
