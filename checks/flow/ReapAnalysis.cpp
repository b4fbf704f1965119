//===--- ReapAnalysis.cpp - Does every started child get reaped? ----------===//

#include "flow/ReapAnalysis.h"
#include "flow/PreparedBody.h"
#include "flow/ReapFlow.h"
#include "flow/WrapperDetection.h"

using namespace clang;

namespace reapcheck {

AnalysisResult analyseBody(const Decl *Callable, Stmt *Body, ASTContext &Ctx,
                           const ProcessApiModel &Model,
                           SummaryProvider &Summaries,
                           const AnalysisOptions &Options,
                           PreparedBodies *Cache) {
  AnalysisResult Result;
  if (!Callable || !Body)
    return Result;
  std::unique_ptr<PreparedBody> Own;
  const PreparedBody *Prepared =
      Cache ? Cache->get(Callable, Body, Ctx, Model, Summaries)
            : (Own = PreparedBody::build(Callable, Body, Ctx, Model, Summaries))
                  .get();
  if (!Prepared)
    return Result;
  Result.Analysed = true;
  if (Prepared->sites().empty())
    return Result;
  ReapFlow Flow(*Prepared, Model, Summaries, Options);
  Flow.run(/*Explain=*/true);
  Result.Starts = Flow.takeFacts();
  Result.Fcloses = Flow.takeFcloses();
  return Result;
}

std::vector<StartFacts> analyseParameters(const FunctionDecl &FD,
                                          ArrayRef<const ParmVarDecl *> Params,
                                          ASTContext &Ctx,
                                          const ProcessApiModel &Model,
                                          SummaryProvider &Summaries) {
  auto Prepared =
      PreparedBody::build(&FD, FD.getBody(), Ctx, Model, Summaries, Params);
  if (!Prepared)
    return {};
  AnalysisOptions Options;
  ReapFlow Flow(*Prepared, Model, Summaries, Options);
  Flow.run(/*Explain=*/false);
  std::vector<StartFacts> Facts = Flow.takeFacts();
  std::vector<StartFacts> OfParams;
  for (SiteId I = 0; I < Prepared->sites().size(); ++I)
    if (Prepared->sites()[I].IsParameter)
      OfParams.push_back(std::move(Facts[I]));
  return OfParams;
}

/// True when \p Prepared's body reaps, on every path to its ends, each
/// child it starts, what gives it to the caller (`return pid`, `*pgid_out =
/// pid`) not counting as a hand-off: its caller is told a pid, not given a
/// child.  The flow runs only for a body that reaps a child of its own.
static bool reapsWhatItGivesOut(const PreparedBody &Prepared,
                                 UseClassifier &Uses,
                                 const ProcessApiModel &Model,
                                 SummaryProvider &Summaries) {
  bool Reaps = false;
  walkStmts(Prepared.body().body(), Closures::Skip, [&](const Stmt *S) {
    const auto *Ref = dyn_cast<DeclRefExpr>(S);
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    Reaps = Reaps || (V && Prepared.holders().isHolder(V) &&
                      Uses.classify(*Ref).Kind == UseKind::Reap);
    return !Reaps;
  });
  if (!Reaps)
    return false;
  AnalysisOptions Options;
  Options.CallerGivenKeepsChild = true;
  ReapFlow Flow(Prepared, Model, Summaries, Options);
  Flow.run(/*Explain=*/false);
  std::vector<StartFacts> Facts = Flow.takeFacts();
  return !Facts.empty() && llvm::all_of(Facts, [](const StartFacts &F) {
    return F.EverReaped && !F.Leaked;
  });
}

std::optional<StartSpec> detectWrapper(
    const FunctionDecl &FD, ASTContext &Ctx, const ProcessApiModel &Model,
    SummaryProvider &Summaries, PreparedBodies *Cache,
    std::vector<std::pair<const FunctionDecl *, unsigned>> *Unless) {
  if (!FD.getBody())
    return std::nullopt;
  std::unique_ptr<PreparedBody> Own;
  const PreparedBody *Prepared =
      Cache ? Cache->get(&FD, FD.getBody(), Ctx, Model, Summaries)
            : (Own = PreparedBody::build(&FD, FD.getBody(), Ctx, Model,
                                         Summaries))
                  .get();
  if (!Prepared)
    return std::nullopt;
  UseClassifier Uses(Prepared->body(), Model, Summaries, Prepared->sites());
  std::optional<StartSpec> Spec = wrapperSpecOf(FD, *Prepared, Uses, Unless);
  if (Spec && reapsWhatItGivesOut(*Prepared, Uses, Model, Summaries))
    return std::nullopt;
  return Spec;
}

PreparedBodies::PreparedBodies() = default;
PreparedBodies::~PreparedBodies() = default;

const PreparedBody *PreparedBodies::get(const Decl *Callable, Stmt *Body,
                                        ASTContext &Ctx,
                                        const ProcessApiModel &Model,
                                        const SummaryProvider &Summaries) {
  auto [It, Inserted] = Bodies.try_emplace(Callable);
  if (Inserted)
    It->second = PreparedBody::build(Callable, Body, Ctx, Model, Summaries);
  return It->second.get();
}

void PreparedBodies::forget(const Decl *Callable) { Bodies.erase(Callable); }

} // namespace reapcheck
