//===--- SigchldActions.cpp - What a program does with SIGCHLD ------------===//

#include "flow/SigchldActions.h"
#include "flow/PreparedBody.h"
#include "flow/Solver.h"
#include "flow/SummaryProvider.h"
#include "support/AstHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace reapcheck {

/// `1 << SIGCHLD`, alone or in a sum or union of such bits: a signal mask
/// with SIGCHLD in it (busybox's `bb_signals(1 << SIGCHLD, handler)`).
static bool hasSigchldBit(const Expr *E, unsigned Depth = 0) {
  const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  if (!BO || Depth > 16)
    return false;
  if (BO->getOpcode() == BO_Or || BO->getOpcode() == BO_Add)
    return hasSigchldBit(BO->getLHS(), Depth + 1) ||
           hasSigchldBit(BO->getRHS(), Depth + 1);
  if (BO->getOpcode() != BO_Shl)
    return false;
  const auto *One =
      dyn_cast<IntegerLiteral>(BO->getLHS()->IgnoreParenImpCasts());
  const auto *Bit =
      dyn_cast<IntegerLiteral>(BO->getRHS()->IgnoreParenImpCasts());
  return One && Bit && One->getValue() == 1 &&
         Bit->getValue() == SigchldOnLinux;
}

/// A cast of the integer \p Value to a handler pointer: how <signal.h>
/// expands `SIG_DFL` (0) and `SIG_IGN` (1).
static bool isHandlerConstant(const Expr *E, uint64_t Value) {
  const auto *Cast = dyn_cast<CStyleCastExpr>(E->IgnoreParens());
  if (!Cast || !Cast->getType()->isFunctionPointerType())
    return false;
  const auto *Lit =
      dyn_cast<IntegerLiteral>(Cast->getSubExpr()->IgnoreParenImpCasts());
  return Lit && Lit->getValue() == Value;
}

static bool isSigIgnValue(const Expr *E) { return isHandlerConstant(E, 1); }
static bool isSigDflValue(const Expr *E) { return isHandlerConstant(E, 0); }

/// `&sa` of a `struct sigaction`.
static const VarDecl *sigactionStructOf(const Expr *E) {
  const auto *Addr = dyn_cast<UnaryOperator>(E->IgnoreParenImpCasts());
  if (!Addr || Addr->getOpcode() != UO_AddrOf)
    return nullptr;
  const VarDecl *Struct = varOf(Addr->getSubExpr());
  const RecordDecl *Record =
      Struct ? Struct->getType()->getAsRecordDecl() : nullptr;
  return Record && Record->getIdentifier() && Record->getName() == "sigaction"
             ? Struct
             : nullptr;
}

bool mayPassSigchldHandler(const CallExpr &Call) {
  if (Call.getNumArgs() < 2)
    return false;
  bool Signal = false, Handler = false;
  for (const Expr *Arg : Call.arguments()) {
    const Expr *E = Arg->IgnoreParenImpCasts();
    if (const auto *Lit = dyn_cast<IntegerLiteral>(E))
      Signal |= Lit->getValue() == SigchldOnLinux;
    else if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
      Handler |= isa<FunctionDecl>(Ref->getDecl());
    else if (isa<BinaryOperator>(E))
      Signal |= hasSigchldBit(E);
    else
      Handler |= isSigIgnValue(Arg) || sigactionStructOf(E);
  }
  return Signal && Handler;
}

bool passesSigchldLiteral(const CallExpr &Call) {
  for (const Expr *Arg : Call.arguments())
    if (const auto *Lit = dyn_cast<IntegerLiteral>(Arg->IgnoreParenImpCasts()))
      if (Lit->getValue() == SigchldOnLinux)
        return true;
  return false;
}

std::optional<SigchldAction> handlerPassed(const CallExpr &Call,
                                           const Stmt *Body, ASTContext &Ctx) {
  bool Sigchld = false;
  for (const Expr *Arg : Call.arguments())
    Sigchld |= ProcessApiModel::isSigchld(*Arg, Ctx) || hasSigchldBit(Arg);
  if (!Sigchld)
    return std::nullopt;
  SigchldAction Action;
  for (const Expr *Arg : Call.arguments()) {
    if (isSigIgnValue(Arg))
      Action.KernelReaps = true;
    else if (const FunctionDecl *Handler = functionNamedBy(Arg))
      Action.Handler = Handler;
    else if (const VarDecl *Struct = sigactionStructOf(Arg))
      if (Body)
        return actionOfStruct(*Struct, *Body, Ctx, &Call);
  }
  return Action;
}

/// True when the source of \p E mentions a disposition that lets the kernel
/// reap children.
static bool saysKernelReaps(const Expr &E, ASTContext &Ctx) {
  llvm::StringRef Text = writtenText(E, Ctx);
  return Text.contains("SA_NOCLDWAIT") || Text.contains("SIG_IGN");
}


/// A project's own wrapper of signal() (OpenSSH's `ssh_signal(SIGCHLD,
/// SIG_DFL)`): a function outside the system headers given SIGCHLD and a
/// handler pointer.  What it installs is read from that pointer as for
/// signal(): SIG_IGN, SIG_DFL, a function, or a saved disposition.
static std::optional<SigchldAction> wrapperAction(const CallExpr &Call,
                                                  const FunctionDecl &FD,
                                                  ASTContext &Ctx) {
  const Expr *Handler = nullptr;
  for (const Expr *Arg : Call.arguments())
    if (Arg->IgnoreParenImpCasts()->getType()->isFunctionPointerType() ||
        Arg->getType()->isFunctionPointerType())
      Handler = Handler ? nullptr : Arg; // Exactly one.
  if (!Handler)
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  if (SM.isInSystemHeader(SM.getExpansionLoc(FD.getLocation())) ||
      llvm::none_of(Call.arguments(), [&](const Expr *Arg) {
        return ProcessApiModel::isSigchld(*Arg, Ctx);
      }))
    return std::nullopt;
  SigchldAction Action;
  Action.KernelReaps = isSigIgnValue(Handler);
  Action.Default = isSigDflValue(Handler);
  Action.Handler = functionNamedBy(Handler);
  return Action;
}

std::optional<SigchldAction> sigchldAction(const ProcessApiModel &Model,
                                           const CallExpr &Call,
                                           const Stmt *Body, ASTContext &Ctx) {
  const FunctionDecl *FD = Call.getDirectCallee();
  if (!FD || Call.getNumArgs() < 2)
    return std::nullopt;
  if (!Model.installsSignalHandler(*FD))
    return wrapperAction(Call, *FD, Ctx);
  if (!ProcessApiModel::isSigchld(*Call.getArg(0), Ctx))
    return std::nullopt;
  return installedAction(Call, Body, Ctx);
}

/// True when \p Body assigns \p Var, increments it or takes its address:
/// its value at a use may not be the one it came with.
static bool isWrittenIn(const VarDecl &Var, const Stmt *Body) {
  bool Written = false;
  walkStmts(Body, Closures::Enter, [&](const Stmt *S) {
    if (const auto *Assign = dyn_cast<BinaryOperator>(S))
      Written |= Assign->isAssignmentOp() && varOf(Assign->getLHS()) == &Var;
    else if (const auto *Unary = dyn_cast<UnaryOperator>(S))
      Written |= (Unary->isIncrementDecrementOp() ||
                  Unary->getOpcode() == UO_AddrOf) &&
                 varOf(Unary->getSubExpr()) == &Var;
    return !Written;
  });
  return Written;
}

std::optional<std::pair<unsigned, SigchldAction>>
paramSignalAction(const ProcessApiModel &Model, const CallExpr &Call,
                  const FunctionDecl &Installer, const Stmt *Body,
                  ASTContext &Ctx) {
  const FunctionDecl *FD = Call.getDirectCallee();
  if (!FD || Call.getNumArgs() < 2 || !Model.installsSignalHandler(*FD))
    return std::nullopt;
  const auto *Param = dyn_cast_or_null<ParmVarDecl>(varOf(Call.getArg(0)));
  if (!Param || Param->getDeclContext() != &Installer ||
      isWrittenIn(*Param, Body))
    return std::nullopt;
  SigchldAction Action = installedAction(Call, Body, Ctx);
  if (!Action.Handler && !Action.KernelReaps)
    return std::nullopt;
  return std::make_pair(Param->getFunctionScopeIndex(), Action);
}

SigchldAction installedAction(const CallExpr &Call, const Stmt *Body,
                              ASTContext &Ctx) {
  const FunctionDecl *FD = Call.getDirectCallee();
  SigchldAction Action;
  if (FD->getName() != "sigaction") {
    llvm::StringRef Text = writtenText(*Call.getArg(1), Ctx).trim();
    Action.KernelReaps = Text == "SIG_IGN";
    Action.Default = Text == "SIG_DFL";
    Action.Handler = functionNamedBy(Call.getArg(1));
    return Action;
  }
  const auto *Addr = dyn_cast<UnaryOperator>(skipTransparent(Call.getArg(1)));
  if (!Addr || Addr->getOpcode() != UO_AddrOf)
    return Action;
  const VarDecl *Struct = varOf(Addr->getSubExpr());
  if (!Struct || !Body)
    return Action;
  return actionOfStruct(*Struct, *Body, Ctx, &Call);
}

/// Calls \p Found with each member a brace initialiser names and its value,
/// the members of nested records and unions included: glibc's
/// `{.sa_handler = h}` initialises `__sigaction_handler.sa_handler`.
static void forEachInitialisedMember(
    const InitListExpr *Init,
    llvm::function_ref<void(StringRef, const Expr *)> Found, unsigned Depth = 0) {
  if (!Init || Depth > 4)
    return;
  if (Init->isSyntacticForm() && Init->getSemanticForm())
    Init = Init->getSemanticForm();
  const RecordDecl *Record = Init->getType()->getAsRecordDecl();
  if (!Record)
    return;
  auto Visit = [&](const FieldDecl *Field, const Expr *Value) {
    if (!Value || isa<ImplicitValueInitExpr>(Value))
      return;
    if (const auto *Nested = dyn_cast<InitListExpr>(Value->IgnoreParens()))
      return forEachInitialisedMember(Nested, Found, Depth + 1);
    if (Field->getIdentifier())
      Found(Field->getName(), Value);
  };
  if (Record->isUnion()) {
    if (Init->getNumInits() == 1)
      if (const FieldDecl *Field = Init->getInitializedFieldInUnion())
        Visit(Field, Init->getInit(0));
    return;
  }
  unsigned I = 0;
  for (const FieldDecl *Field : Record->fields()) {
    if (I >= Init->getNumInits())
      break;
    Visit(Field, Init->getInit(I++));
  }
}

/// True when \p A is written before \p B; within one macro expansion
/// (rsync's `SIGACTION(n, h)`, which assigns sa_handler and then calls
/// sigaction()), in the macro's own order.
static bool comesBefore(SourceLocation A, SourceLocation B,
                        const SourceManager &SM) {
  if (SM.getExpansionLoc(A) == SM.getExpansionLoc(B))
    return SM.isBeforeInTranslationUnit(SM.getSpellingLoc(A),
                                        SM.getSpellingLoc(B));
  return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A),
                                      SM.getExpansionLoc(B));
}

SigchldAction actionOfStruct(const VarDecl &Struct, const Stmt &Body,
                             ASTContext &Ctx, const Expr *Install) {
  SigchldAction Action;
  // The initialiser, member by member (`{.sa_handler = h, .sa_flags = f}`),
  // or, when it is not a brace list, by what its text names.
  const Expr *InitHandler = nullptr, *InitFlags = nullptr;
  if (const auto *List = dyn_cast_or_null<InitListExpr>(
          Struct.getInit() ? Struct.getInit()->IgnoreParens() : nullptr))
    forEachInitialisedMember(List, [&](StringRef Name, const Expr *Value) {
      if (Name == "sa_handler" || Name == "sa_sigaction")
        InitHandler = Value;
      else if (Name == "sa_flags")
        InitFlags = Value;
    });
  else if (Struct.getInit() && saysKernelReaps(*Struct.getInit(), Ctx))
    Action.KernelReaps = true;
  // sa.sa_flags = SA_NOCLDWAIT; sa.sa_handler = h (a glibc macro for a
  // nested member, named by the outermost member).  One struct often
  // serves several signals (neomutt sets SIG_IGN for SIGPIPE, then a dummy
  // handler for SIGCHLD): the last assignment of each member before the
  // install counts, else the initialiser's, else the last in the body.
  const SourceManager &SM = Ctx.getSourceManager();
  auto Before = [&](SourceLocation A) {
    return !Install || comesBefore(A, Install->getBeginLoc(), SM);
  };
  const Expr *Handler[2] = {nullptr, nullptr}, *Flags[2] = {nullptr, nullptr};
  walkStmts(&Body, Closures::Enter, [&](const Stmt *S) {
    const auto *Assign = dyn_cast<BinaryOperator>(S);
    if (!Assign || !Assign->isAssignmentOp())
      return true;
    const Expr *Lhs = skipTransparent(Assign->getLHS());
    const auto *Outer = dyn_cast<MemberExpr>(Lhs);
    const Expr *Base = Lhs;
    while (const auto *Member = dyn_cast<MemberExpr>(Base))
      Base = skipTransparent(Member->getBase());
    if (!Outer || varOf(Base) != &Struct ||
        !Outer->getMemberDecl()->getIdentifier())
      return true;
    StringRef Name = Outer->getMemberDecl()->getName();
    unsigned When = Before(Assign->getBeginLoc()) ? 0 : 1;
    if (Name == "sa_handler" || Name == "sa_sigaction")
      Handler[When] = Assign->getRHS();
    else if (Name == "sa_flags")
      Flags[When] = Assign->getRHS();
    return true;
  });
  const Expr *H = Handler[0] ? Handler[0] : InitHandler ? InitHandler : Handler[1];
  const Expr *F = Flags[0] ? Flags[0] : InitFlags ? InitFlags : Flags[1];
  if ((H && saysKernelReaps(*H, Ctx)) || (F && saysKernelReaps(*F, Ctx)))
    Action.KernelReaps = true;
  if (H)
    Action.Handler = functionNamedBy(H);
  Action.Default = !Action.KernelReaps && H &&
                   writtenText(*H, Ctx).trim() == "SIG_DFL";
  return Action;
}

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

bool reapsEveryChild(const ProcessApiModel &Model, const FunctionDecl *FD,
                     ASTContext &Ctx, SummaryProvider *Summaries) {
  llvm::SmallVector<std::pair<const FunctionDecl *, unsigned>, 4> Work{{FD, 0}};
  llvm::SmallPtrSet<const FunctionDecl *, 8> Seen;
  while (!Work.empty()) {
    auto [F, Depth] = Work.pop_back_val();
    const FunctionDecl *Def = nullptr;
    if (!F || Depth > 2 || !F->hasBody(Def) || !Def || !Seen.insert(Def).second)
      continue;
    LoopReaps Walk(Model, Ctx, Summaries);
    Walk.visit(Def->getBody(), false);
    if (Walk.Found)
      return true;
    for (const FunctionDecl *Callee : Walk.Callees)
      Work.push_back({Callee, Depth + 1});
  }
  return false;
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
