//===--- EnclosingBody.h - Which body owns a statement? ---------*- C++ -*-===//
//
// Finds the innermost function, method, lambda or block body that contains
// a statement, and every call in the user's code, without asking the
// ASTContext for parents: that builds a parent map of the whole translation
// unit, system headers included, which cost more than the analysis itself.
// Only the declarations whose source range contains the statement are
// walked.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_ENCLOSINGBODY_H
#define REAPCHECK_ENCLOSINGBODY_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <utility>

namespace reapcheck {

/// The owner (FunctionDecl, a lambda's call operator, BlockDecl) and body
/// of the innermost body containing \p Target; {nullptr, nullptr} when it is
/// not in a body (a default argument, a namespace-scope initialiser).
std::pair<const clang::Decl *, clang::Stmt *>
findEnclosingBody(const clang::Stmt &Target, clang::ASTContext &Ctx);

/// findEnclosingBody() for the many statements one unit asks about: the
/// first question about a declaration walks it whole and keeps the body of
/// each of its statements.  For one translation unit.
class EnclosingBodies {
public:
  std::pair<const clang::Decl *, clang::Stmt *> find(const clang::Stmt &Target,
                                                     clang::ASTContext &Ctx);

private:
  llvm::DenseMap<const clang::Stmt *,
                 std::pair<const clang::Decl *, clang::Stmt *>>
      Owners;
  llvm::DenseSet<const clang::Decl *> Walked;
};

/// Calls to functions with a body, in code outside system headers, by
/// canonical callee.
using CallsByCallee =
    llvm::DenseMap<const clang::FunctionDecl *,
                   llvm::SmallVector<const clang::CallExpr *, 4>>;
void collectUserCalls(clang::ASTContext &Ctx, CallsByCallee &Calls);

/// Calls \p Visit with every function body (and namespace-scope
/// initialiser, with a null owner) outside system headers.  Lambda and
/// block bodies are inside the body that contains them.
void forEachUserBody(
    clang::ASTContext &Ctx,
    llvm::function_ref<void(const clang::Decl *, const clang::Stmt *)> Visit);

/// Calls \p Visit with every declaration outside system headers, nested
/// ones (members, namespace contents) included; a template stands for its
/// templated declaration.
void forEachUserDecl(clang::ASTContext &Ctx,
                     llvm::function_ref<void(const clang::Decl *)> Visit);

} // namespace reapcheck

#endif
