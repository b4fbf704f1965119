//===--- SigchldMask.cpp - What a call does to a blocked SIGCHLD ----------===//

#include "flow/SigchldMask.h"
#include "support/AstHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace reapcheck {

// The `how` of sigprocmask(2) and pthread_sigmask(3) in glibc's
// <bits/sigaction.h>, the same on every Linux architecture.
static constexpr int64_t SigBlock = 0;
static constexpr int64_t SigUnblock = 1;
static constexpr int64_t SigSetmask = 2;

/// The variable `&set` names, if any.
static const VarDecl *signalSetNamed(const Expr *E) {
  const auto *Addr = dyn_cast_or_null<UnaryOperator>(skipTransparent(E));
  if (Addr && Addr->getOpcode() == UO_AddrOf)
    return varOf(Addr->getSubExpr());
  return nullptr;
}

SigchldSets setsHoldingSigchld(const Stmt *Body, const ProcessApiModel &Model,
                               ASTContext &Ctx) {
  SigchldSets Sets;
  auto &Holds = Sets.Holds;
  llvm::SmallPtrSet<const VarDecl *, 2> Saved, PutBack;
  walkStmts(Body, Closures::Skip, [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    if (!Call || Call->getNumArgs() == 0)
      return true;
    SignalSetOp Op = Model.signalSetOp(*Call);
    if (Op == SignalSetOp::Mask && Call->getNumArgs() > 2) {
      if (const VarDecl *Old = signalSetNamed(Call->getArg(2)))
        Saved.insert(Old);
      auto How = constantOf(Call->getArg(0), Ctx);
      if (const VarDecl *New = signalSetNamed(Call->getArg(1)))
        if (How && *How == SigSetmask)
          PutBack.insert(New);
    }
    const VarDecl *Set = signalSetNamed(Call->getArg(0));
    if (Op == SignalSetOp::None || Op == SignalSetOp::Mask ||
        Op == SignalSetOp::Admit || Op == SignalSetOp::Take || !Set)
      return true;
    bool Chld = Call->getNumArgs() > 1 &&
                ProcessApiModel::isSigchld(*Call->getArg(1), Ctx);
    if (Op == SignalSetOp::Fill || (Op == SignalSetOp::Add && Chld))
      Holds.try_emplace(Set, true);
    if (Op == SignalSetOp::Delete && Chld)
      Holds[Set] = false;
    return true;
  });
  for (const VarDecl *Old : Saved)
    if (PutBack.count(Old) && !Holds.count(Old))
      Sets.Bracketed.insert(Old);
  return Sets;
}

MaskEffect sigchldMaskEffect(const CallExpr &Call, const SigchldSets &Sets,
                             const ProcessApiModel &Model, ASTContext &Ctx) {
  SignalSetOp Op = Model.signalSetOp(Call);
  if (Op == SignalSetOp::Admit || Op == SignalSetOp::Take)
    return MaskEffect::Admits;
  if (Op != SignalSetOp::Mask || Call.getNumArgs() < 2)
    return MaskEffect::None;
  const Expr *SetArg = Call.getArg(1);
  if (SetArg->IgnoreParenImpCasts()->isNullPointerConstant(
          Ctx, Expr::NPC_ValueDependentIsNotNull))
    return MaskEffect::None;
  auto How = constantOf(Call.getArg(0), Ctx);
  const VarDecl *Set = signalSetNamed(SetArg);
  auto It = Set ? Sets.Holds.find(Set) : Sets.Holds.end();
  bool Holds = It != Sets.Holds.end() && It->second;
  const VarDecl *Saves =
      Call.getNumArgs() > 2 ? signalSetNamed(Call.getArg(2)) : nullptr;
  bool Bracketed = Saves && Sets.Bracketed.count(Saves);
  if (!How || (!Set && *How != SigBlock))
    return MaskEffect::Unknown;
  if (*How == SigBlock)
    return !Holds ? MaskEffect::None
                  : Bracketed ? MaskEffect::Brackets : MaskEffect::Blocks;
  if (*How == SigUnblock)
    return Holds ? MaskEffect::Unblocks : MaskEffect::None;
  if (*How == SigSetmask && Sets.Bracketed.count(Set))
    return MaskEffect::Restores;
  if (*How == SigSetmask)
    return !Holds ? MaskEffect::Unblocks
                  : Bracketed ? MaskEffect::Brackets : MaskEffect::Blocks;
  return MaskEffect::Unknown;
}

} // namespace reapcheck
