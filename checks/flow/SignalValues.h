//===--- SignalValues.h - Which signals an install may name ----*- C++ -*-===//
//
// The signal a signal() or sigaction() call names need not be a constant:
// a loop over every signal, or over a table, installs for each; a table's
// row also gives the handler and the flags installed with its signal.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_SIGNALVALUES_H
#define REAPCHECK_SIGNALVALUES_H

#include <optional>

namespace clang {
class ASTContext;
class CallExpr;
class Expr;
class VarDecl;
} // namespace clang

namespace reapcheck {

/// True when the signal \p Sig of \p Call may be SIGCHLD: the constant, a
/// for-loop's counter whose range holds it (`for (s = 1; s < NSIG; s++)`,
/// a reset of every signal), or an element of an array whose initialiser
/// names it (`sigs[i]` of `{SIGINT, SIGCHLD}`, `tab[i].signo` of a table
/// of structs, sigchldTableRow()).
bool mayNameSigchld(const clang::Expr &Sig, const clang::CallExpr &Call,
                    clang::ASTContext &Ctx);

/// True when \p Arg, an argument given to a function of the project, names
/// SIGCHLD: the constant, or an array whose initialiser names it (the
/// function installs for each element, paramSignalAction()).
bool namesSigchldArgument(const clang::Expr &Arg, clang::ASTContext &Ctx);

/// The row of a table that an install in a loop reads for SIGCHLD: the
/// signal is `tab[i]` or `tab[i].signo`, and row Row of `tab`'s
/// initialiser names SIGCHLD there (the last such row: a loop installs
/// the rows in order).
struct TableRow {
  const clang::VarDecl *Counter = nullptr;
  unsigned Row = 0;
};
std::optional<TableRow> sigchldTableRow(const clang::Expr &Sig,
                                        clang::ASTContext &Ctx);

/// \p E read in that row: `X[i]` or `X[i].f`, for any array X with a brace
/// initialiser and the row's counter i, is what row Row of X's initialiser
/// gives (`handlers[i]` beside `sigs[i]`, `tab[i].handler`); anything else,
/// or without a row, is \p E itself.
const clang::Expr *inTableRow(const clang::Expr *E,
                              const std::optional<TableRow> &Row);

} // namespace reapcheck

#endif
