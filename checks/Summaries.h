//===--- Summaries.h - What the unit's own functions do to a child -*- C++
//-*-===//
//
// The flow of one body asks three questions about the functions it calls:
// does this call never return, what does the callee do to a handle passed
// as argument N, and does it hand its caller a child it started (a start
// wrapper).  SummaryProvider is that interface; TranslationUnitSummaries
// answers it from the bodies of the translation unit.  Project-wide facts
// from other files can answer it too, behind the same interface.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_SUMMARIES_H
#define REAPCHECK_SUMMARIES_H

#include "ProcessApiModel.h"
#include "clang/AST/OperationKinds.h"
#include "llvm/ADT/DenseMap.h"
#include <optional>
#include <string>

namespace clang {
class ASTContext;
class CallExpr;
class FunctionDecl;
} // namespace clang

namespace reapcheck {

/// What a function does to the handle passed as one of its arguments,
/// judged from its body.
enum class ParamSummary { Unknown, Reaps, Harmless };

/// A function that returns (or writes through an out-parameter) a child it
/// started: its call sites are starts.
struct WrapperSummary {
  StartSpec Spec;
  std::string Api;
};

/// A predicate of the unit that returns `Param Op C` of its own parameter
/// on every path (`check_fail(r)` returning `r != 0`): a branch on a call of
/// it is a branch on that comparison of the argument.  The parameter may be
/// read through a member or static that only it is stored into (`if (error_
/// == 0) error_ = err; return error_ != 0;`): such a latch is taken to be
/// clear on entry, as where its callers stop at the first failure.
struct PredicateSummary {
  unsigned Param = 0;
  clang::BinaryOperatorKind Op = clang::BO_NE;
  int64_t C = 0;
};

class SummaryProvider {
public:
  virtual ~SummaryProvider() = default;
  /// True when \p FD never returns though not declared noreturn.
  virtual bool isInferredNoReturn(const clang::FunctionDecl *FD) = 0;
  /// What \p FD does to the handle passed as argument \p Index.
  virtual ParamSummary paramSummary(const clang::FunctionDecl *FD,
                                    unsigned Index, clang::ASTContext &Ctx) = 0;
  /// The wrapper summary of \p FD, if it is a start wrapper.
  virtual const WrapperSummary *
  wrapper(const clang::FunctionDecl *FD) const = 0;
  /// The predicate summary of \p FD, if it is such a predicate.  Providers
  /// that know none need not override it.
  virtual std::optional<PredicateSummary>
  predicate(const clang::FunctionDecl *FD) {
    (void)FD;
    return std::nullopt;
  }
  /// True when \p Call reaps any child through a function of the project
  /// (ProcessApiModel::isReapAny knows the C library's own).  Providers that
  /// know none need not override it.
  virtual bool callReapsAny(const clang::CallExpr &Call,
                            clang::ASTContext &Ctx) {
    (void)Call;
    (void)Ctx;
    return false;
  }
};

/// Whether \p Call reaps any child: the C library's reap-any calls, and
/// the project's own through \p Summaries.
bool reapsAny(const ProcessApiModel &Model, SummaryProvider &Summaries,
              const clang::CallExpr &Call, clang::ASTContext &Ctx);

/// Summaries computed from the bodies of one translation unit.  Demand
/// driven and memoised: each body is summarised at most once per parameter;
/// a function whose summary is still being computed (recursion) counts as
/// Unknown, the conservative answer.  Wrappers are added by the check, which
/// discovers them before the flow runs.
class TranslationUnitSummaries : public SummaryProvider {
public:
  explicit TranslationUnitSummaries(const ProcessApiModel &Model)
      : Model(&Model) {}

  bool isInferredNoReturn(const clang::FunctionDecl *FD) override;
  ParamSummary paramSummary(const clang::FunctionDecl *FD, unsigned Index,
                            clang::ASTContext &Ctx) override;
  const WrapperSummary *wrapper(const clang::FunctionDecl *FD) const override;

  /// Returns true when \p FD was not yet known as a wrapper.
  bool addWrapper(const clang::FunctionDecl *FD, WrapperSummary W);
  /// The unit's own wrappers, for the index.
  const llvm::DenseMap<const clang::FunctionDecl *, WrapperSummary> &
  ownWrappers() const {
    return Wrappers;
  }

  std::optional<PredicateSummary>
  predicate(const clang::FunctionDecl *FD) override;
  /// A call of a function that reaps its pid parameter (typed pid_t),
  /// given a pid <= 0 (`safe_waitpid(-1, &status, WNOHANG)`).
  bool callReapsAny(const clang::CallExpr &Call,
                    clang::ASTContext &Ctx) override;

private:
  const ProcessApiModel *Model;
  llvm::DenseMap<const clang::FunctionDecl *, bool> NoReturn;
  llvm::DenseMap<std::pair<const clang::FunctionDecl *, unsigned>,
                 std::optional<ParamSummary>>
      Params;
  llvm::DenseMap<const clang::FunctionDecl *, WrapperSummary> Wrappers;
  llvm::DenseMap<const clang::FunctionDecl *, std::optional<PredicateSummary>>
      Predicates;
  unsigned Depth = 0;
};

} // namespace reapcheck

#endif
