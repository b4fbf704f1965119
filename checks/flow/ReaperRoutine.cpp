//===--- ReaperRoutine.cpp - Whether a thread reaps every child -----------===//

#include "flow/ReaperRoutine.h"
#include "flow/SigchldActions.h"
#include "flow/SummaryProvider.h"
#include "model/ProcessApiModel.h"
#include "support/AstHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace reapcheck {

namespace {
/// One body's walk: whether a loop of it that does not end on a failed reap
/// reaps any child, and the functions it calls.
class ForeverReaps {
public:
  ForeverReaps(const ProcessApiModel &Model, ASTContext &Ctx,
               SummaryProvider *Summaries)
      : Model(Model), Ctx(Ctx), Summaries(Summaries) {}
  bool Found = false;
  std::vector<const FunctionDecl *> Callees;
  /// The functions called inside such a loop whose bodies are not in view.
  std::vector<const FunctionDecl *> UnseenInLoop;

  void run(const Stmt *Body) {
    noteReapVariables(Body);
    visit(Body, false);
  }

private:
  bool isReap(const CallExpr &Call) const {
    return Model.isReapAny(Call, Ctx) ||
           (Summaries && Summaries->callReapsAny(Call, Ctx));
  }

  /// The variables a reap's result is stored in (`pid = waitpid(-1, ...)`).
  void noteReapVariables(const Stmt *Body) {
    walkStmts(Body, Closures::Skip, [&](const Stmt *S) {
      const Expr *Value = nullptr;
      const VarDecl *Var = nullptr;
      if (const auto *Assign = dyn_cast<BinaryOperator>(S)) {
        if (Assign->getOpcode() == BO_Assign) {
          Var = varOf(Assign->getLHS());
          Value = Assign->getRHS();
        }
      } else if (const auto *Decl = dyn_cast<DeclStmt>(S)) {
        for (const clang::Decl *D : Decl->decls())
          if (const auto *V = dyn_cast<VarDecl>(D))
            if (V->getInit()) {
              Var = V;
              Value = V->getInit();
            }
      }
      const auto *Call =
          dyn_cast_or_null<CallExpr>(Value ? skipTransparent(Value) : nullptr);
      if (Var && Call && isReap(*Call))
        ReapVars.insert(Var);
      return true;
    });
  }

  /// True when \p Cond calls a reap or reads a variable holding a result.
  bool testsReap(const Stmt *Cond) const {
    bool Tests = false;
    walkStmts(Cond, Closures::Skip, [&](const Stmt *S) {
      if (const auto *Call = dyn_cast<CallExpr>(S))
        Tests = Tests || isReap(*Call);
      else if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
        if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
          Tests = Tests || ReapVars.count(Var);
      return !Tests;
    });
    return Tests;
  }

  /// True when a break of \p Loop, or a return or goto in it, is under a
  /// condition that tests a reap: the loop ends once no child is left.
  bool endsOnFailedReap(const Stmt *S, bool Under, unsigned Nested) const {
    if (!S || isa<LambdaExpr, BlockExpr>(S))
      return false;
    if (isa<BreakStmt>(S))
      return Under && Nested == 0;
    if (isa<ReturnStmt, GotoStmt>(S))
      return Under;
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      bool Tests = Under || testsReap(If->getCond());
      return endsOnFailedReap(If->getThen(), Tests, Nested) ||
             endsOnFailedReap(If->getElse(), Tests, Nested);
    }
    bool Inner = isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt>(S);
    for (const Stmt *Child : S->children())
      if (endsOnFailedReap(Child, Under, Nested + (Inner ? 1 : 0)))
        return true;
    return false;
  }

  /// True when \p Loop runs until something other than a failed reap ends
  /// it (`for (;;)`, `while (running)`).
  bool runsOn(const Stmt *Loop) const {
    const Stmt *Cond = nullptr;
    const Stmt *Body = nullptr;
    if (const auto *For = dyn_cast<ForStmt>(Loop)) {
      Cond = For->getCond();
      Body = For->getBody();
    } else if (const auto *While = dyn_cast<WhileStmt>(Loop)) {
      Cond = While->getCond();
      Body = While->getBody();
    } else if (const auto *Do = dyn_cast<DoStmt>(Loop)) {
      Cond = Do->getCond();
      Body = Do->getBody();
    } else {
      return false; // A range-for ends with its range.
    }
    return !(Cond && testsReap(Cond)) && !endsOnFailedReap(Body, false, 0);
  }

  void visit(const Stmt *S, bool InForever) {
    if (!S || Found || isa<LambdaExpr, BlockExpr>(S))
      return;
    if (const auto *Call = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      if (InForever && (isReap(*Call) ||
                        (Callee && reapsAnyChild(Model, Callee, Ctx, Summaries))))
        Found = true;
      else if (InForever && Callee && !Callee->hasBody())
        UnseenInLoop.push_back(Callee);
      Callees.push_back(Callee);
    }
    if (isa<ForStmt, WhileStmt, DoStmt>(S))
      InForever = InForever || runsOn(S);
    for (const Stmt *Child : S->children())
      visit(Child, InForever);
  }

  const ProcessApiModel &Model;
  ASTContext &Ctx;
  SummaryProvider *Summaries;
  llvm::SmallPtrSet<const VarDecl *, 4> ReapVars;
};
} // namespace

bool reapsOverAndOver(const ProcessApiModel &Model, const FunctionDecl *Routine,
                      ASTContext &Ctx, SummaryProvider *Summaries) {
  return foundInCalls(Routine, [&](const FunctionDecl &Def, auto &Callees) {
    ForeverReaps Walk(Model, Ctx, Summaries);
    Walk.run(Def.getBody());
    Callees = std::move(Walk.Callees);
    return Walk.Found;
  });
}

std::vector<const FunctionDecl *>
unseenCallsInForeverLoops(const ProcessApiModel &Model,
                          const FunctionDecl &Routine, ASTContext &Ctx,
                          SummaryProvider *Summaries) {
  const FunctionDecl *Def = nullptr;
  if (!Routine.hasBody(Def) || !Def)
    return {};
  ForeverReaps Walk(Model, Ctx, Summaries);
  Walk.run(Def->getBody());
  return Walk.Found ? std::vector<const FunctionDecl *>()
                    : std::move(Walk.UnseenInLoop);
}

bool reaperNeedsBlockedSigchld(const ProcessApiModel &Model,
                               const FunctionDecl *Routine) {
  return foundInCalls(Routine, [&](const FunctionDecl &Def, auto &Callees) {
    bool Takes = false;
    walkStmts(Def.getBody(), Closures::Skip, [&](const Stmt *S) {
      if (const auto *Call = dyn_cast<CallExpr>(S)) {
        Takes = Takes || Model.signalSetOp(*Call) == SignalSetOp::Take;
        Callees.push_back(Call->getDirectCallee());
      }
      return true;
    });
    return Takes;
  });
}

bool mayBeThreadRoutine(const FunctionDecl &FD) {
  if (FD.getNumParams() != 1)
    return false;
  QualType Param = FD.getParamDecl(0)->getType();
  QualType Result = FD.getReturnType();
  auto IsVoidPointer = [](QualType T) {
    return T->isPointerType() && T->getPointeeType()->isVoidType();
  };
  return IsVoidPointer(Param) &&
         (IsVoidPointer(Result) || Result->isSpecificBuiltinType(BuiltinType::Int));
}

} // namespace reapcheck
