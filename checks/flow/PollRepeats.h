//===--- PollRepeats.h - Whether a WNOHANG wait runs again ------*- C++ -*-===//
//
// A WNOHANG wait returns 0 while its children run: it reaps a child that is
// still running only where it runs again after that 0.  A loop around it
// does so unless the loop ends on that 0: the drain `while (waitpid(-1,
// &st, WNOHANG) > 0)`, or a `for (;;)` with `if (p <= 0) break;`, stops at
// the first 0, so run once right after a start it reaps nothing of that
// child; a loop around the drain (a server's accept loop) runs it again.
// `while (waitpid(pid, &st, WNOHANG) == 0)` and a `for (;;)` that breaks
// only on other results run it again.  Read from the source: a loop's
// condition, and the `if (...) break;` (or return, goto) of its body, with
// the wait's result (the call, or the local it is assigned to) taken to be
// 0; a test that cannot be read so leaves the loop running the wait again.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_POLLREPEATS_H
#define REAPCHECK_POLLREPEATS_H

namespace clang {
class ASTContext;
class CallExpr;
class ParentMap;
} // namespace clang

namespace reapcheck {

/// True when a loop of the body \p Parents describes runs \p Call, a wait
/// with WNOHANG, again after it returned 0.
bool pollRunsAgain(const clang::CallExpr &Call, const clang::ParentMap &Parents,
                   clang::ASTContext &Ctx);

} // namespace reapcheck

#endif
