//===--- ApiQuirks.h - Argument tests and the quirks rows name ------------===//
//
// The model's small readers of a call's arguments: constant values (through
// the conversions C++ adds, as `std::optional<unsigned>(0)`), the
// conditions of a row (ArgCondition), and the named handlers a row refers to
// when a fact fits no field (Quirk): syscall()'s number, clone()'s flags.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_APIQUIRKS_H
#define REAPCHECK_APIQUIRKS_H

#include "model/ApiDescriptor.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class Expr;
class FunctionDecl;
} // namespace clang

namespace reapcheck {

/// The integer \p E folds to, looking through implicit conversions and a
/// one-argument conversion constructor (`std::optional<unsigned>(0)`).
std::optional<llvm::APSInt> constantArgument(const clang::Expr *E,
                                             const clang::ASTContext &Ctx);

/// The index of \p FD's parameter named \p Name, or -1.
int parameterIndex(const clang::FunctionDecl *FD, llvm::StringRef Name);

/// \p Arg, or the index of the parameter named \p Param when it is given
/// (-1 when \p Call's callee has none of that name).
int argumentIndex(const clang::CallExpr &Call, int Arg, llvm::StringRef Param);

/// True when every condition of \p Conditions holds for \p Call.
bool conditionsHold(const std::vector<ArgCondition> &Conditions,
                    const clang::CallExpr &Call, const clang::ASTContext &Ctx);

/// "fork", "vfork", "clone" or "clone3" when argument 0 of \p Call, a
/// syscall(), names that system call; "" otherwise.
llvm::StringRef startingSyscall(const clang::CallExpr &Call,
                                const clang::ASTContext &Ctx);

/// True when a clone can never start a child because of an argument.
/// \p Name is "clone" or "clone3"; \p First the index of the API's first
/// argument (1 under syscall()).
bool cloneFailsByArgument(const clang::CallExpr &Call, llvm::StringRef Name,
                          unsigned First, const clang::ASTContext &Ctx);

/// True when \p E is a null pointer constant.
bool isNullAddress(const clang::Expr *E, const clang::ASTContext &Ctx);

} // namespace reapcheck

#endif
