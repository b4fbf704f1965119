//===--- AstHelpers.h - Small AST queries shared by the analysis -*- C++
//-*-===//
//
// Query-only helpers: what a value expression really is once parentheses,
// casts and temporaries are stripped, which local it names, which constant
// it folds to, and one iterative walk over a statement tree that every unit
// uses instead of its own stack loop.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_ASTHELPERS_H
#define REAPCHECK_ASTHELPERS_H

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ExprObjC.h"
#include "llvm/ADT/SmallVector.h"
#include <algorithm>
#include <optional>
#include <string>
#include <type_traits>

namespace clang {
class ASTContext;
} // namespace clang

namespace reapcheck {

/// Strips what does not change the value: parentheses, casts, temporaries.
const clang::Expr *skipTransparent(const clang::Expr *E);

/// The text \p E was written as, through macros (`SIGCHLD`, `SYS_fork`).
llvm::StringRef writtenText(const clang::Expr &E, const clang::ASTContext &Ctx);

/// \p FD's canonical declaration, or null.
inline const clang::FunctionDecl *canonical(const clang::FunctionDecl *FD) {
  return FD ? FD->getCanonicalDecl() : nullptr;
}

/// True for the nodes skipTransparent() strips.
bool isTransparent(const clang::Stmt *S);

/// The variable \p E names, once transparent nodes are stripped.
const clang::VarDecl *varOf(const clang::Expr *E);

/// The expressions whose value \p E may have, transparent nodes stripped:
/// \p E itself, the arms of a conditional expression (`c ? fork() : -1`) or
/// the last expression of a GNU statement expression (`({ ...; pid; })`),
/// recursively.
llvm::SmallVector<const clang::Expr *, 2> valueArms(const clang::Expr *E);

/// \p E without an added or subtracted constant that folds to 0 (dovecot's
/// `pid - CALLBACK_TYPECHECK(...)`), transparent nodes stripped.
const clang::Expr *skipZeroOffset(const clang::Expr *E, clang::ASTContext &Ctx);

/// The integer \p E folds to; 0 for a null pointer constant.
std::optional<int64_t> constantOf(const clang::Expr *E, clang::ASTContext &Ctx);

/// True for `pid_t` (through any typedef spelled pid_t or __pid_t).
bool isPidType(clang::QualType T);

/// True when a value of type \p T can carry a child to a function as a
/// summarised parameter tracks it: an integer that can hold a pid (not
/// `bool`, a character or an enumeration), or a stream popen() returns (a
/// `FILE *`, or a `void *` that may be one).  Only such parameters are
/// summarised.
bool mayCarryChild(clang::QualType T);

/// The function \p E designates (`f`, `&f`, either cast), if it names one
/// directly.
const clang::FunctionDecl *functionNamedBy(const clang::Expr *E);

/// True when \p S is a loop that runs for ever: `for (;;)`, `while (1)`,
/// `do ... while (true)`, that no `break` of its own and no `goto` leaves
/// (a serving loop, left only through exit or _exit, or not at all).
bool isServingLoop(const clang::Stmt *S);

/// The main file's real path, the key of the facts' per-file records.
std::string mainFilePath(clang::ASTContext &Ctx);

/// Whether a walk enters the bodies of lambdas and blocks it meets.
enum class Closures { Enter, Skip };

/// Visits \p Root and every statement below it, iteratively, in source
/// order (a statement before its children, children left to right).  \p Visit
/// returns false to skip the children of the statement it was given.
/// Lambda bodies are children of the LambdaExpr; a block's body is not a
/// child of its BlockExpr in clang's AST, so it is pushed here explicitly.
template <typename StmtT, typename VisitFn>
void walkStmts(StmtT *Root, Closures Mode, VisitFn Visit) {
  static_assert(std::is_base_of_v<clang::Stmt, std::remove_const_t<StmtT>>);
  using NodeT = std::conditional_t<std::is_const_v<StmtT>, const clang::Stmt,
                                   clang::Stmt>;
  llvm::SmallVector<NodeT *, 64> Stack{Root};
  while (!Stack.empty()) {
    NodeT *S = Stack.pop_back_val();
    if (!S)
      continue;
    bool IsClosure = llvm::isa<clang::LambdaExpr, clang::BlockExpr>(S);
    if (IsClosure && Mode == Closures::Skip && S != Root)
      continue;
    if (!Visit(S))
      continue;
    size_t First = Stack.size();
    for (NodeT *Child : S->children())
      Stack.push_back(Child);
    if (auto *Block = llvm::dyn_cast<clang::BlockExpr>(S))
      Stack.push_back(Block->getBody());
    std::reverse(Stack.begin() + First, Stack.end());
  }
}

} // namespace reapcheck

#endif
