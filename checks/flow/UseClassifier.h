//===--- UseClassifier.h - What one use of a holder does ---------*- C++
//-*-===//
//
// Looks at the expression around one reference to a holder and says what it
// does to the child: reaps it (waitpid, pclose, a TU reaper, c.wait()),
// hands it off (returned, stored outside, given to an unknown function or
// a constructor), signals it, closes it with fclose, detaches it, copies it
// to an alias, overwrites it, or nothing that matters.  Pure: no flow state.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_USECLASSIFIER_H
#define REAPCHECK_USECLASSIFIER_H

#include "flow/StartSites.h"
#include "llvm/ADT/DenseMap.h"
#include <optional>

namespace reapcheck {

class SummaryProvider;

enum class UseKind {
  None,     ///< Not a use of the value (a capture, posix_spawn's own &pid).
  Harmless, ///< Read, compared, printed...
  Alias,    ///< Copied into another local.
  Write,    ///< The holder is assigned.
  Signal,   ///< kill(), killpg()...: does not reap.
  Fclose,   ///< fclose() of a popen stream.
  Detach,   ///< A Boost child's detach().
  HandOff,  ///< Ownership leaves the function.
  Store,    ///< Stored into a member or static variable (Owners.h).
  Reap
};

struct Use {
  Use() = default;
  Use(UseKind Kind, const clang::CallExpr *Via = nullptr)
      : Kind(Kind), Via(Via) {}
  static Use store(const clang::ValueDecl *Holder, clang::SourceLocation At) {
    Use U(UseKind::Store);
    U.Holder = Holder;
    U.StoreLoc = At;
    return U;
  }

  UseKind Kind = UseKind::Harmless;
  /// The call making a Signal, Fclose or Detach use.
  const clang::CallExpr *Via = nullptr;
  /// The holder a Store keeps the child in, and where.
  const clang::ValueDecl *Holder = nullptr;
  clang::SourceLocation StoreLoc;
};

class UseClassifier {
public:
  UseClassifier(const BodyContext &Body, const ProcessApiModel &Model,
                SummaryProvider &Summaries, llvm::ArrayRef<Site> Sites)
      : Body(Body), Model(Model), Summaries(Summaries), Sites(Sites) {}

  /// What \p Ref, a reference to a holder, does to the child.  Memoised.
  Use classify(const clang::DeclRefExpr &Ref);
  /// From now on what gives the child to the caller (`return pid`, `*out =
  /// pid`) is Harmless, not a hand-off: for asking whether a body reaps the
  /// child it tells its caller about (detectWrapper).
  void keepWhatCallerIsGiven() {
    CallerGivenKeep = true;
    Cache.clear();
  }

private:
  Use compute(const clang::DeclRefExpr &Ref);
  Use computeAt(const clang::Expr &E);
  Use ofArgument(const clang::CallExpr &Call, unsigned Index);
  Use ofOperatorArgument(const clang::CXXOperatorCallExpr &Op, unsigned Index);
  Use ofAssignment(const clang::BinaryOperator &BO, const clang::Stmt *Child);
  Use ofDeclaration(const clang::DeclStmt &DS, const clang::Stmt *Child);
  Use ofAddressOf(const clang::UnaryOperator &UO);
  Use ofMember(const clang::MemberExpr &Member);
  std::optional<Use> ofPair(const clang::Stmt &S);
  const clang::Expr *carrierOf(const clang::Stmt &P,
                               const clang::Stmt *Child) const;

  const BodyContext &Body;
  const ProcessApiModel &Model;
  SummaryProvider &Summaries;
  llvm::ArrayRef<Site> Sites;
  llvm::DenseMap<const clang::DeclRefExpr *, Use> Cache;
  bool CallerGivenKeep = false;
};

} // namespace reapcheck

#endif
