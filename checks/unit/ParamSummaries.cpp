//===--- ParamSummaries.cpp - What a function does to a child it is given -===//
//
// TranslationUnitSummaries::paramSummary: whether a function of the unit
// reaps a child passed in one of its parameters (Reaps), leaves it alone
// (Harmless), or does something else with it (Unknown: stores it, hands it
// on).  Parameters whose uses decide it are summarised without a flow; the
// others are tracked from the entry by ReapFlow, all of one body in one pass.
//
//===----------------------------------------------------------------------===//

#include "unit/Summaries.h"
#include "flow/ReapAnalysis.h"
#include "flow/UseClassifier.h"
#include "support/AstHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace reapcheck {

/// Summaries of wrappers of wrappers are cut off at this depth.
static constexpr unsigned MaxSummaryDepth = 8;

/// The definition whose parameter \p Index can be summarised, or null.
static const FunctionDecl *summarisable(const FunctionDecl *FD, unsigned Index,
                                        ASTContext &Ctx) {
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def || Def->isVariadic() ||
      Index >= Def->getNumParams() || Def->isTemplated() ||
      Ctx.getSourceManager().isInSystemHeader(Def->getLocation()))
    return nullptr;
  // Nothing passes a child to main.
  if (Def->isMain() || !mayCarryChild(Def->getParamDecl(Index)->getType()))
    return nullptr;
  return Def;
}

namespace {
/// The parameters a body may do something with that could resolve a child
/// passed in them: those named inside a call's or a construction's
/// arguments, a returned value, either side of an assignment, an
/// initialiser, an operand of `&`, or a closure; every parameter when the
/// body reaps any child.  A parameter only tested or computed with
/// (`if (pid > 0)`, `switch (pid)`) is none of them, and a summary of it is
/// Harmless without a flow.
class LeavingParams {
public:
  LeavingParams(const FunctionDecl &Def,
                llvm::function_ref<bool(const CallExpr &)> ReapsAny)
      : Def(Def), ReapsAny(ReapsAny) {
    visit(Def.getBody(), false);
  }
  bool leaves(const ParmVarDecl *P) const { return All || Found.count(P); }
  bool reapsAny() const { return All; }

private:
  void visit(const Stmt *S, bool Leaving) {
    if (!S)
      return;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S)) {
      const auto *P = dyn_cast<ParmVarDecl>(Ref->getDecl());
      if (Leaving && P && P->getDeclContext() == &Def)
        Found.insert(P);
      return;
    }
    if (isa<ReturnStmt, DeclStmt, InitListExpr, LambdaExpr, BlockExpr>(S))
      Leaving = true;
    if (const auto *Unary = dyn_cast<UnaryOperator>(S))
      Leaving = Leaving || Unary->getOpcode() == UO_AddrOf ||
                Unary->isIncrementDecrementOp();
    if (const auto *Binary = dyn_cast<BinaryOperator>(S))
      Leaving = Leaving || Binary->isAssignmentOp();
    if (const auto *Call = dyn_cast<CallExpr>(S)) {
      All = All || ReapsAny(*Call);
      visit(Call->getCallee(), Leaving);
      for (const Expr *Arg : Call->arguments())
        visit(Arg, true);
      return;
    }
    if (isa<CXXConstructExpr>(S))
      Leaving = true;
    for (const Stmt *Child : S->children())
      visit(Child, Leaving);
  }
  const FunctionDecl &Def;
  llvm::function_ref<bool(const CallExpr &)> ReapsAny;
  llvm::SmallPtrSet<const ParmVarDecl *, 4> Found;
  bool All = false;
};
} // namespace

/// The summaries of \p Batch that its uses decide without a flow.  A
/// parameter no use of which reaps it, copies it, overwrites it, closes it
/// or detaches it stays live from the entry to each of its uses, so the
/// flow would find it resolved (Unknown) exactly when a use hands it off or
/// stores it, and never resolved (Harmless) otherwise; one difference: a
/// hand-off in code no path reaches counts here.  A body with a closure or
/// a polling wait (which reaps on the edges where its result is not 0) is
/// left to the flow, and so is every parameter of a body that reaps any
/// child (LeavingParams::All, checked by the caller).
static llvm::SmallVector<std::optional<ParamSummary>, 4>
summariesFromUses(const FunctionDecl &Def,
                  llvm::ArrayRef<const ParmVarDecl *> Batch, ASTContext &Ctx,
                  const ProcessApiModel &Model, SummaryProvider &Summaries) {
  llvm::SmallVector<std::optional<ParamSummary>, 4> Result(Batch.size());
  llvm::SmallVector<const DeclRefExpr *, 16> Refs;
  bool NeedsFlow = false;
  walkStmts(Def.getBody(), Closures::Enter, [&](const Stmt *S) {
    if (isa<LambdaExpr, BlockExpr>(S))
      NeedsFlow = true;
    else if (const auto *Call = dyn_cast<CallExpr>(S))
      NeedsFlow = NeedsFlow || Model.isPollingWait(*Call, Ctx);
    else if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      if (llvm::is_contained(Batch, Ref->getDecl()))
        Refs.push_back(Ref);
    return !NeedsFlow;
  });
  if (NeedsFlow)
    return Result;
  BodyContext Body(&Def, Def.getBody(), Ctx);
  UseClassifier Uses(Body, Model, Summaries, {});
  llvm::SmallVector<bool, 4> Decided(Batch.size(), true), Resolved(Batch.size());
  for (const DeclRefExpr *Ref : Refs) {
    size_t K = llvm::find(Batch, Ref->getDecl()) - Batch.begin();
    switch (Uses.classify(*Ref).Kind) {
    case UseKind::None:
    case UseKind::Harmless:
    case UseKind::Signal:
      break;
    case UseKind::HandOff:
    case UseKind::Store:
      Resolved[K] = true;
      break;
    case UseKind::Alias:
    case UseKind::Write:
    case UseKind::Fclose:
    case UseKind::Detach:
    case UseKind::Reap:
      Decided[K] = false;
      break;
    }
  }
  for (size_t K = 0; K < Batch.size(); ++K)
    if (Decided[K])
      Result[K] = Resolved[K] ? ParamSummary::Unknown : ParamSummary::Harmless;
  return Result;
}

ParamSummary TranslationUnitSummaries::paramSummary(const FunctionDecl *FD,
                                                    unsigned Index,
                                                    ASTContext &Ctx) {
  const FunctionDecl *Def = summarisable(FD, Index, Ctx);
  if (!Def)
    return ParamSummary::Unknown;
  auto Key = std::make_pair(Def, Index);
  auto It = Params.find(Key);
  if (It != Params.end())
    return It->second.value_or(ParamSummary::Unknown); // Cycle: conservative.
  if (Depth >= MaxSummaryDepth)
    return ParamSummary::Unknown;
  // Every parameter of the body that can be summarised, in one pass: each
  // is a site of its own, tracked from the entry.
  llvm::SmallVector<const ParmVarDecl *, 4> Batch;
  llvm::SmallVector<unsigned, 4> Indices;
  LeavingParams Leaving(*Def, [&](const CallExpr &Call) {
    return Model->isReapAny(Call, Ctx) || callReapsAny(Call, Ctx);
  });
  for (unsigned I = 0; I < Def->getNumParams(); ++I) {
    if (!summarisable(Def, I, Ctx))
      continue;
    auto [Slot, New] = Params.try_emplace(std::make_pair(Def, I), std::nullopt);
    if (!New)
      continue;
    if (!Leaving.leaves(Def->getParamDecl(I))) {
      Slot->second = ParamSummary::Harmless;
      continue;
    }
    Batch.push_back(Def->getParamDecl(I));
    Indices.push_back(I);
  }
  if (Batch.empty())
    return Params[Key].value_or(ParamSummary::Unknown);
  ++Depth;
  llvm::SmallVector<std::optional<ParamSummary>, 4> Quick(Batch.size());
  if (!Leaving.reapsAny())
    Quick = summariesFromUses(*Def, Batch, Ctx, *Model, *this);
  std::vector<StartFacts> Facts;
  if (llvm::is_contained(Quick, std::nullopt))
    Facts = analyseParameters(*Def, Batch, Ctx, *Model, *this);
  --Depth;
  for (unsigned K = 0; K < Indices.size(); ++K) {
    if (Quick[K]) {
      Params[std::make_pair(Def, Indices[K])] = *Quick[K];
      continue;
    }
    ParamSummary Summary = ParamSummary::Unknown;
    if (K < Facts.size() && !Facts[K].EverResolved)
      Summary = ParamSummary::Harmless;
    else if (K < Facts.size() && Facts[K].EverReaped &&
             !Facts[K].EverHandedOff && !Facts[K].EverStored &&
             !Facts[K].Leaked)
      Summary = ParamSummary::Reaps;
    Params[std::make_pair(Def, Indices[K])] = Summary;
  }
  return Params[Key].value_or(ParamSummary::Unknown);
}

} // namespace reapcheck
