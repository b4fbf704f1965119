//===--- SignalValues.h - Which signals an install may name ----*- C++ -*-===//
//
// The signal a signal() or sigaction() call names need not be a constant:
// a loop over every signal, or over a table, installs for each.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_SIGNALVALUES_H
#define REAPCHECK_SIGNALVALUES_H

namespace clang {
class ASTContext;
class CallExpr;
class Expr;
} // namespace clang

namespace reapcheck {

/// True when the signal \p Sig of \p Call may be SIGCHLD: the constant, a
/// for-loop's counter whose range holds it (`for (s = 1; s < NSIG; s++)`,
/// a reset of every signal), or an element of an array whose initialiser
/// names it (`sigs[i]` of `{SIGINT, SIGCHLD}`).
bool mayNameSigchld(const clang::Expr &Sig, const clang::CallExpr &Call,
                    clang::ASTContext &Ctx);

} // namespace reapcheck

#endif
