//===--- Summaries.cpp - What the unit's own functions do to a child ------===//

#include "Summaries.h"
#include "AstHelpers.h"
#include "ReapAnalysis.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace reapcheck {

/// Summaries of wrappers of wrappers are cut off at this depth.
static constexpr unsigned MaxSummaryDepth = 8;

bool TranslationUnitSummaries::isInferredNoReturn(const FunctionDecl *FD) {
  if (!FD || FD->isNoReturn())
    return false;
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def)
    return false;
  auto It = NoReturn.find(Def);
  if (It != NoReturn.end())
    return It->second;
  NoReturn[Def] = false; // Recursion ends here.
  // `die()`: the body has no return and ends in a noreturn call.
  const auto *Compound = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Compound || Compound->body_empty())
    return false;
  const auto *Last = dyn_cast_or_null<CallExpr>(
      skipTransparent(dyn_cast_or_null<Expr>(Compound->body_back())));
  if (!Last)
    return false;
  const FunctionDecl *Callee = Last->getDirectCallee();
  if (!Callee || !(Callee->isNoReturn() || isInferredNoReturn(Callee)))
    return false;
  bool Returns = false;
  walkStmts(Compound, Closures::Skip, [&](const Stmt *S) {
    Returns |= isa<ReturnStmt>(S);
    return !Returns;
  });
  NoReturn[Def] = !Returns;
  return !Returns;
}

const WrapperSummary *
TranslationUnitSummaries::wrapper(const FunctionDecl *FD) const {
  if (!FD)
    return nullptr;
  auto It = Wrappers.find(FD->getCanonicalDecl());
  return It == Wrappers.end() ? nullptr : &It->second;
}

bool TranslationUnitSummaries::addWrapper(const FunctionDecl *FD,
                                          WrapperSummary W) {
  return Wrappers.try_emplace(FD->getCanonicalDecl(), std::move(W)).second;
}

/// The definition whose parameter \p Index can be summarised, or null.
static const FunctionDecl *summarisable(const FunctionDecl *FD, unsigned Index,
                                        ASTContext &Ctx) {
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def || Def->isVariadic() ||
      Index >= Def->getNumParams() || Def->isTemplated() ||
      Ctx.getSourceManager().isInSystemHeader(Def->getLocation()))
    return nullptr;
  QualType T = Def->getParamDecl(Index)->getType();
  if (!(T->isIntegerType() || T->isPointerType()) || T->isReferenceType())
    return nullptr;
  return Def;
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
  Params[Key] = std::nullopt;
  ++Depth;
  auto Facts =
      analyseParameter(*Def, *Def->getParamDecl(Index), Ctx, *Model, *this);
  --Depth;
  ParamSummary Summary = ParamSummary::Unknown;
  if (Facts && !Facts->EverResolved)
    Summary = ParamSummary::Harmless;
  else if (Facts && Facts->EverReaped && !Facts->EverHandedOff &&
           !Facts->EverStored &&
           !Facts->Leaked)
    Summary = ParamSummary::Reaps;
  Params[Key] = Summary;
  return Summary;
}

} // namespace reapcheck
