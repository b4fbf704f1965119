//===--- HandlerReaping.cpp - Whether a SIGCHLD handler reaps -------------===//
//
// The judgments of a handler's body that SigchldActions.h declares: whether
// it reaps any child, every child (in a loop), on every run, or none.
//
//===----------------------------------------------------------------------===//

#include "flow/PollRepeats.h"
#include "flow/PreparedBody.h"
#include "flow/SigchldActions.h"
#include "flow/Solver.h"
#include "flow/SummaryProvider.h"
#include "support/AstHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace reapcheck {

bool handlerReapsNothing(const ProcessApiModel &Model,
                         const FunctionDecl *Handler, ASTContext &Ctx,
                         SummaryProvider *Summaries) {
  const FunctionDecl *Def = nullptr;
  if (!Handler || !Handler->hasBody(Def) || !Def)
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  bool CallsUnseen = false;
  walkStmts(Def->getBody(), Closures::Enter, [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    if (Callee && !Callee->hasBody() &&
        !SM.isInSystemHeader(SM.getExpansionLoc(Callee->getLocation())) &&
        !(Summaries && Summaries->callReapsAny(*Call, Ctx)))
      CallsUnseen = true;
    return !CallsUnseen;
  });
  return !CallsUnseen && !reapsAnyChild(Model, Handler, Ctx, Summaries);
}

bool reapsAnyChild(const ProcessApiModel &Model, const FunctionDecl *FD,
                   ASTContext &Ctx, SummaryProvider *Summaries,
                   ReapAnyBodies *Bodies) {
  ReapAnyBodies Own;
  if (!Bodies)
    Bodies = &Own;
  // The handler and what it calls directly, two levels deep: handlers call
  // a reap_children() helper.
  llvm::SmallVector<std::pair<const FunctionDecl *, unsigned>, 4> Work{{FD, 0}};
  llvm::SmallPtrSet<const FunctionDecl *, 8> Seen;
  while (!Work.empty()) {
    const FunctionDecl *F = Work.back().first;
    const unsigned Depth = Work.back().second;
    Work.pop_back();
    const FunctionDecl *Def = nullptr;
    if (!F || Depth > 2 || !F->hasBody(Def) || !Def || !Seen.insert(Def).second)
      continue;
    auto Inserted = Bodies->Walked.try_emplace(Def);
    // Not a structured binding: lambdas capture none before C++20.
    bool &Found = Inserted.first->second.first;
    std::vector<const FunctionDecl *> &Callees = Inserted.first->second.second;
    if (Inserted.second)
      walkStmts(Def->getBody(), Closures::Enter, [&](const Stmt *S) {
        if (Found)
          return false;
        if (const auto *Call = dyn_cast<CallExpr>(S)) {
          if (Model.isReapAny(*Call, Ctx) ||
              (Summaries && Summaries->callReapsAny(*Call, Ctx)))
            Found = true;
          else
            Callees.push_back(Call->getDirectCallee());
        }
        return true;
      });
    if (Found)
      return true;
    for (const FunctionDecl *Callee : Callees)
      Work.push_back({Callee, Depth + 1});
  }
  return false;
}

namespace {
/// One body's walk for reapsEveryChild(): whether it reaps every child
/// itself, and the functions it calls.
class LoopReaps {
public:
  LoopReaps(const ProcessApiModel &Model, ASTContext &Ctx,
            SummaryProvider *Summaries)
      : Model(Model), Ctx(Ctx), Summaries(Summaries) {}
  bool Found = false;
  std::vector<const FunctionDecl *> Callees;

  void visit(const Stmt *S, bool InLoop) {
    if (!S || Found)
      return;
    if (const auto *Call = dyn_cast<CallExpr>(S)) {
      if ((InLoop && Model.isReapAny(*Call, Ctx)) ||
          (Summaries && Summaries->callReapsAny(*Call, Ctx)))
        Found = true;
      Callees.push_back(Call->getDirectCallee());
    }
    InLoop = InLoop || isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
    for (const Stmt *Child : S->children())
      visit(Child, InLoop);
  }

private:
  const ProcessApiModel &Model;
  ASTContext &Ctx;
  SummaryProvider *Summaries;
};
} // namespace

bool foundInCalls(
    const FunctionDecl *FD,
    llvm::function_ref<bool(const FunctionDecl &,
                            std::vector<const FunctionDecl *> &)>
        Found) {
  llvm::SmallVector<std::pair<const FunctionDecl *, unsigned>, 4> Work{{FD, 0}};
  llvm::SmallPtrSet<const FunctionDecl *, 8> Seen;
  while (!Work.empty()) {
    auto [F, Depth] = Work.pop_back_val();
    const FunctionDecl *Def = nullptr;
    if (!F || Depth > 2 || !F->hasBody(Def) || !Def || !Seen.insert(Def).second)
      continue;
    std::vector<const FunctionDecl *> Callees;
    if (Found(*Def, Callees))
      return true;
    for (const FunctionDecl *Callee : Callees)
      Work.push_back({Callee, Depth + 1});
  }
  return false;
}

bool reapsEveryChild(const ProcessApiModel &Model, const FunctionDecl *FD,
                     ASTContext &Ctx, SummaryProvider *Summaries) {
  return foundInCalls(FD, [&](const FunctionDecl &Def, auto &Callees) {
    LoopReaps Walk(Model, Ctx, Summaries);
    Walk.visit(Def.getBody(), false);
    Callees = std::move(Walk.Callees);
    return Walk.Found;
  });
}

bool reapsOnlyByPolls(const ProcessApiModel &Model, const FunctionDecl *FD,
                      ASTContext &Ctx, SummaryProvider *Summaries) {
  // Found: a reap of any child that waits, a poll that runs again, or a
  // call in a loop of a function of the unit that reaps any child (its
  // polls run again: a server's loop calling reap_exited()); and at least
  // one poll run once was seen.
  bool Polls = false;
  return !foundInCalls(FD, [&](const FunctionDecl &Def, auto &Callees) {
    std::optional<ParentMap> Parents;
    auto InLoop = [&](const CallExpr &Call) {
      if (!Parents)
        Parents.emplace(Def.getBody());
      for (const Stmt *P = Parents->getParent(&Call); P;
           P = Parents->getParent(P))
        if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(P))
          return true;
      return false;
    };
    bool Reaps = false;
    walkStmts(Def.getBody(), Closures::Enter, [&](const Stmt *S) {
      const auto *Call = dyn_cast<CallExpr>(S);
      if (!Call)
        return true;
      const FunctionDecl *Callee = Call->getDirectCallee();
      Callees.push_back(Callee);
      if (Summaries && Summaries->callReapsAny(*Call, Ctx))
        Reaps = true;
      else if (Model.isReapAny(*Call, Ctx)) {
        if (!Model.isPollingWait(*Call, Ctx))
          Reaps = true;
        else {
          if (!Parents)
            Parents.emplace(Def.getBody());
          Reaps = pollRunsAgain(*Call, *Parents, Ctx);
          Polls = true;
        }
      } else if (Callee && Callee->hasBody() &&
                 reapsAnyChild(Model, Callee, Ctx, Summaries) &&
                 InLoop(*Call)) {
        Reaps = true;
      }
      return !Reaps;
    });
    return Reaps;
  }) && Polls;
}

bool reapsOnlyItsGroup(const ProcessApiModel &Model, const FunctionDecl *FD,
                       ASTContext &Ctx, SummaryProvider *Summaries) {
  if (!reapsEveryChild(Model, FD, Ctx, Summaries))
    return false;
  return !foundInCalls(FD, [&](const FunctionDecl &Def, auto &Callees) {
    bool EveryGroup = false;
    walkStmts(Def.getBody(), Closures::Enter, [&](const Stmt *S) {
      if (const auto *Call = dyn_cast<CallExpr>(S)) {
        EveryGroup = EveryGroup || Model.reapsEveryChild(*Call, Ctx) ||
                     (Summaries && Summaries->callReapsAny(*Call, Ctx));
        Callees.push_back(Call->getDirectCallee());
      }
      return !EveryGroup;
    });
    return EveryGroup;
  });
}

/// For the handler's signal parameter \p Sig: false when the edge From ->
/// successor \p Index (To) is taken only for another signal than SIGCHLD
/// (`switch (sig)`'s other cases, `if (sig == SIGTERM)`).
static bool edgeForSigchld(const CFGBlock &From, unsigned Index,
                           const CFGBlock &To, const ParmVarDecl *Sig,
                           ASTContext &Ctx) {
  const Stmt *Term = From.getTerminatorStmt();
  if (!Sig || !Term)
    return true;
  if (const auto *Switch = dyn_cast<SwitchStmt>(Term)) {
    if (varOf(Switch->getCond()) != Sig)
      return true;
    if (const auto *Case = dyn_cast_or_null<CaseStmt>(To.getLabel()))
      return ProcessApiModel::isSigchld(*Case->getLHS(), Ctx);
    // The default, or past the switch: not taken when a case is SIGCHLD's.
    for (const SwitchCase *C = Switch->getSwitchCaseList(); C;
         C = C->getNextSwitchCase())
      if (const auto *Case = dyn_cast<CaseStmt>(C))
        if (ProcessApiModel::isSigchld(*Case->getLHS(), Ctx))
          return false;
    return true;
  }
  const auto *Cond = dyn_cast_or_null<Expr>(From.getTerminatorCondition());
  const auto *Test =
      dyn_cast_or_null<BinaryOperator>(Cond ? skipTransparent(Cond) : nullptr);
  if (!isa<IfStmt>(Term) || !Test ||
      (Test->getOpcode() != BO_EQ && Test->getOpcode() != BO_NE))
    return true;
  const Expr *Other = varOf(Test->getLHS()) == Sig   ? Test->getRHS()
                      : varOf(Test->getRHS()) == Sig ? Test->getLHS()
                                                     : nullptr;
  if (!Other || !constantOf(Other, Ctx))
    return true;
  bool TrueWhenSigchld =
      (Test->getOpcode() == BO_EQ) == ProcessApiModel::isSigchld(*Other, Ctx);
  // Index 0 is the branch taken when the test holds.
  return (Index == 0) == TrueWhenSigchld;
}

bool reapsAnyOnEveryRun(const ProcessApiModel &Model, const FunctionDecl *FD,
                        ASTContext &Ctx, SummaryProvider *Summaries) {
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def)
    return false;
  std::unique_ptr<CFG> Graph =
      buildBodyCFG(Def, const_cast<Stmt *>(Def->getBody()), Ctx);
  if (!Graph)
    return reapsAnyChild(Model, FD, Ctx, Summaries);
  auto Reaps = [&](const CFGBlock &B) {
    for (const CFGElement &E : B)
      if (auto S = E.getAs<CFGStmt>())
        if (const auto *Call = dyn_cast<CallExpr>(S->getStmt()))
          if (Model.isReapAny(*Call, Ctx) ||
              (Summaries && Summaries->callReapsAny(*Call, Ctx)) ||
              (Call->getDirectCallee() != FD &&
               reapsAnyChild(Model, Call->getDirectCallee(), Ctx, Summaries)))
            return true;
    return false;
  };
  const ParmVarDecl *Sig = Def->getNumParams() ? Def->getParamDecl(0) : nullptr;
  // The blocks from which the handler can return without a reap-any.
  llvm::BitVector Escapes = blocksReaching(
      *Graph, [&](const CFGBlock &B) { return &B == &Graph->getExit(); },
      [&](const CFGBlock &From, unsigned Index, const CFGBlock &To) {
        return !Reaps(To) && edgeForSigchld(From, Index, To, Sig, Ctx);
      });
  const CFGBlock &Entry = Graph->getEntry();
  return Reaps(Entry) || !Escapes.test(Entry.getBlockID());
}

} // namespace reapcheck
