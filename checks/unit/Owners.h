//===--- Owners.h - Children kept beyond the function ------------*- C++
//-*-===//
//
// A start stored into a data member (of a class or a C struct), a variable
// with static storage, or a container kept in one, is owned by that holder:
// the function that started it is done with it, and the owner must reap it
// somewhere (any function of the translation unit) or hand it on.
//
// holderOf() names the holder an expression writes to; OwnerJudge scans the
// unit once for every holder in question and says, per holder:
//
//        stored ──► reaped     (waitpid/pclose of it, a reaper of the unit
//                              given it, a range-for reaping each element,
//                              any reap-any call of the unit)
//               ├─► handed on  (returned by a getter, passed to an unknown
//                              function, copied into another holder)
//               ├─► unjudged   (some of its uses may be in other files)
//               └─► neglected  (none of the above: reported, with a note at
//                              each signal sent to it)
//
// A holder is judged only when all its uses are visible: a variable with
// internal linkage (or a static local), a field of a C struct defined in
// the main file, a field of a class whose member functions are all defined
// in this unit, private or in a class defined in the main file, and which
// has no friends.  Uses are matched flow-insensitively, by declaration: any
// reap of `child_` in any instance reaps every instance's `child_`.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_OWNERS_H
#define REAPCHECK_OWNERS_H

#include "flow/Holders.h"
#include "facts/ProjectFacts.h"
#include "flow/SummaryProvider.h"
#include "clang/AST/ParentMap.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class CXXMemberCallExpr;
class Decl;
class Expr;
class ValueDecl;
class VarDecl;
} // namespace clang

namespace reapcheck {

/// A signal sent to a holder, and the function that sends it.
struct HolderSignal {
  const clang::CallExpr *Call;
  const clang::Decl *In;
};

struct HolderVerdict {
  HolderDuty Duty = HolderDuty::Unjudged;
  /// Who owns the holder, for messages: "'LiveAttach'" or "this file".
  std::string Owner;
  std::vector<HolderSignal> Signals; ///< In source order.
  /// The facts say some file of the project signals it.
  bool SignalledElsewhere = false;
};

class ProjectFacts;

class OwnerJudge {
public:
  /// \p Facts, when given, judge holders whose uses are in other files.
  OwnerJudge(clang::ASTContext &Ctx, const ProcessApiModel &Model,
             SummaryProvider &Summaries, const ProjectFacts *Facts = nullptr)
      : Ctx(Ctx), Model(Model), Summaries(Summaries), Facts(Facts) {}

  /// Judges every holder in \p Holders with one walk of the unit.
  void judge(llvm::ArrayRef<const clang::ValueDecl *> Holders);
  /// Index mode: what this unit does with every holder it uses, judgeable
  /// here or not, besides \p Stored (holders its starts are stored into).
  void judgeAllUses(llvm::ArrayRef<const clang::ValueDecl *> Stored);
  /// Every holder judged, in no particular order.
  const llvm::DenseMap<const clang::ValueDecl *, HolderVerdict> &
  verdicts() const {
    return Verdicts;
  }
  const HolderVerdict &verdict(const clang::ValueDecl *Holder) const;

private:
  bool isJudgeable(const clang::ValueDecl *Holder) const;
  std::string ownerOf(const clang::ValueDecl *Holder) const;
  using CopyMap =
      llvm::DenseMap<const clang::VarDecl *, const clang::ValueDecl *>;
  void scanBody(const clang::Decl *Owner, const clang::Stmt *Body);
  const clang::ValueDecl *judged(const clang::ValueDecl *H);
  const clang::ValueDecl *holderIn(const clang::Expr *E,
                                   const CopyMap &Copies);
  void useAsArgument(const clang::ValueDecl *Holder,
                     const clang::CallExpr &Call, unsigned Index,
                     const clang::Decl *In);
  void mark(const clang::ValueDecl *Holder, HolderDuty Duty);
  bool pollRepeats(const clang::CallExpr &Call, const clang::ValueDecl *Holder,
                   const clang::Decl *In);
  void collectRepeats(const clang::Stmt *Body);
  void noteReapAny(const clang::CallExpr &Call, const clang::Decl *In);

  clang::ASTContext &Ctx;
  const ProcessApiModel &Model;
  SummaryProvider &Summaries;
  const ProjectFacts *Facts;
  llvm::DenseMap<const clang::ValueDecl *, HolderVerdict> Verdicts;
  /// The unit reaps any child with a blocking wait somewhere.
  bool AnyReapAny = false;
  /// Holders a WNOHANG reap of any child takes, where it repeats for them
  /// (pollRepeats): the rule of a poll of the holder itself.
  llvm::SmallPtrSet<const clang::ValueDecl *, 4> PolledByReapAny;
  /// Where a poll repeats in the body being scanned: closures, and loops
  /// that run until broken out of (expansion ranges), loop conditions'
  /// calls; in a loop, unless the loop ends when it finds nothing
  /// (PollRepeats, with the body's parents).
  std::vector<clang::SourceRange> Repeating, RepeatingLoops;
  llvm::SmallPtrSet<const clang::CallExpr *, 4> RepeatingCalls;
  std::optional<clang::ParentMap> Parents;
  /// The body scanned whose repeats are not collected yet, or null.
  const clang::Stmt *RepeatsOf = nullptr;
  /// Functions whose address the unit takes (callbacks), once asked.
  std::optional<llvm::DenseSet<const clang::FunctionDecl *>> Callbacks;
  bool AllHolders = false;
  void finish();
};

} // namespace reapcheck

#endif
