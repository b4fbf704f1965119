//===--- PreparedBody.cpp - One body, ready for the flow ------------------===//

#include "flow/PreparedBody.h"
#include "support/AstHelpers.h"

using namespace clang;

namespace reapcheck {

std::unique_ptr<CFG> buildBodyCFG(const Decl *Callable, Stmt *Body,
                                  ASTContext &Ctx) {
  CFG::BuildOptions Options;
  Options.AddImplicitDtors = true;
  Options.AddTemporaryDtors = true;
  Options.AddInitializers = true;
  Options.setAllAlwaysAdd();
  return CFG::buildCFG(Callable, Body, &Ctx, Options);
}

std::unique_ptr<PreparedBody>
PreparedBody::build(const Decl *Callable, Stmt *Body, ASTContext &Ctx,
                    const ProcessApiModel &Model,
                    const SummaryProvider &Summaries,
                    ArrayRef<const ParmVarDecl *> Params) {
  std::unique_ptr<CFG> Graph = buildBodyCFG(Callable, Body, Ctx);
  if (!Graph)
    return nullptr;
  std::unique_ptr<PreparedBody> P(new PreparedBody(Callable, Body, Ctx));
  P->Graph = std::move(Graph);
  P->Sites = findStartSites(*P->Graph, P->Context, Model, Summaries, Params);
  P->Holders = HolderIndex(P->Context, Model, P->Sites);
  for (SiteId I = 0; I < P->Sites.size(); ++I)
    if (P->Sites[I].Start)
      P->StartIndex[P->Sites[I].Start] = I;
  if (!P->Sites.empty()) {
    P->Stable = StableConditions(*P->Graph, Body, Ctx);
    P->Guards = GuardLocals(*P->Graph, Body, P->Holders, Ctx);
  }
  return P;
}

std::optional<SiteId> PreparedBody::siteOfStart(const Expr *E) const {
  auto It = StartIndex.find(skipTransparent(E));
  if (It == StartIndex.end())
    return std::nullopt;
  return It->second;
}

} // namespace reapcheck
