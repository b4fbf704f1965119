//===--- SigchldActions.cpp - What a program does with SIGCHLD ------------===//

#include "flow/SigchldActions.h"
#include "flow/SignalValues.h"
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
  const auto *Cast = dyn_cast<CStyleCastExpr>(E->IgnoreParenImpCasts());
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

/// True when \p E is the integer literal SIGCHLD expands to.
static bool isSigchldLiteral(const Expr *E) {
  const auto *Lit = dyn_cast_or_null<IntegerLiteral>(E ? E->IgnoreParenImpCasts() : nullptr);
  return Lit && Lit->getValue() == SigchldOnLinux;
}

bool passesSigchldLiteral(const CallExpr &Call) {
  for (const Expr *Arg : Call.arguments()) {
    if (isSigchldLiteral(Arg))
      return true;
    // An array whose initialiser holds it (`reset(sigs, n)`).
    const auto *Ref = dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts());
    const auto *Array = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    const auto *List = dyn_cast_or_null<InitListExpr>(
        Array && Array->getType()->isArrayType() && Array->getInit()
            ? Array->getInit()->IgnoreParens()
            : nullptr);
    if (List && llvm::any_of(List->inits(), isSigchldLiteral))
      return true;
  }
  return false;
}

/// The handler \p E names: a function; for `c ? a : b` naming two, the one
/// that reaps no child when only one does (the run that installs it leaves
/// zombies: the lean toward the report), else the first; for a function
/// and SIG_IGN, the function (either reaps).  Anything else names none.
static const FunctionDecl *handlerNamedBy(const Expr *E,
                                          const ProcessApiModel &Model,
                                          ASTContext &Ctx) {
  const auto *Cond = dyn_cast_or_null<AbstractConditionalOperator>(
      E ? E->IgnoreParenCasts() : nullptr);
  if (!Cond)
    return functionNamedBy(E);
  const FunctionDecl *A = handlerNamedBy(Cond->getTrueExpr(), Model, Ctx);
  const FunctionDecl *B = handlerNamedBy(Cond->getFalseExpr(), Model, Ctx);
  if (!A || !B) {
    const Expr *Other = A ? Cond->getFalseExpr() : Cond->getTrueExpr();
    return isSigIgnValue(Other) ? (A ? A : B) : nullptr;
  }
  return reapsAnyChild(Model, A, Ctx) ? B : A;
}

std::optional<SigchldAction> handlerPassed(const ProcessApiModel &Model,
                                           const CallExpr &Call,
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
        return actionOfStruct(Model, *Struct, *Body, Ctx, &Call);
  }
  return Action;
}

/// True when \p E, a handler or sa_flags, is a constant with \p Bit set.
static bool hasFlag(const Expr &E, int64_t Bit, ASTContext &Ctx) {
  if (!E.getType()->isIntegerType())
    return false;
  std::optional<int64_t> Value = constantOf(&E, Ctx);
  return Value && (*Value & Bit) != 0;
}

/// True when \p E (a handler, sa_flags) is, or its source mentions, a
/// disposition that lets the kernel reap children: SIG_IGN, SA_NOCLDWAIT.
static bool saysKernelReaps(const Expr &E, ASTContext &Ctx) {
  if (isSigIgnValue(&E) || hasFlag(E, SaNocldwaitOnLinux, Ctx))
    return true;
  llvm::StringRef Text = writtenText(E, Ctx);
  return Text.contains("SA_NOCLDWAIT") || Text.contains("SIG_IGN");
}


/// A project's own wrapper of signal() (OpenSSH's `ssh_signal(SIGCHLD,
/// SIG_DFL)`): a function outside the system headers given SIGCHLD and a
/// handler pointer.  What it installs is read from that pointer as for
/// signal(): SIG_IGN, SIG_DFL, a function, or a saved disposition.
static std::optional<SigchldAction>
wrapperAction(const ProcessApiModel &Model, const CallExpr &Call,
              const FunctionDecl &FD, ASTContext &Ctx) {
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
  Action.Handler = handlerNamedBy(Handler, Model, Ctx);
  return Action;
}

std::optional<SigchldAction> sigchldAction(const ProcessApiModel &Model,
                                           const CallExpr &Call,
                                           const Stmt *Body, ASTContext &Ctx) {
  const FunctionDecl *FD = Call.getDirectCallee();
  if (!FD || Call.getNumArgs() < 2)
    return std::nullopt;
  if (!Model.installsSignalHandler(*FD))
    return wrapperAction(Model, Call, *FD, Ctx);
  if (!mayNameSigchld(*Call.getArg(0), Call, Ctx))
    return std::nullopt;
  return installedAction(Model, Call, Body, Ctx);
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
  // The parameter itself, or an element of the array it points at
  // (`for (i = 0; i < n; i++) signal(sigs[i], SIG_DFL)`).
  const Expr *Sig = skipTransparent(Call.getArg(0));
  if (const auto *Element = dyn_cast<ArraySubscriptExpr>(Sig))
    Sig = Element->getBase();
  const auto *Param = dyn_cast_or_null<ParmVarDecl>(varOf(Sig));
  if (!Param || Param->getDeclContext() != &Installer ||
      isWrittenIn(*Param, Body))
    return std::nullopt;
  SigchldAction Action = installedAction(Model, Call, Body, Ctx);
  if (!Action.Handler && !Action.KernelReaps && !Action.Default)
    return std::nullopt;
  return std::make_pair(Param->getFunctionScopeIndex(), Action);
}

/// True when \p Handler's body, or a function it calls (two levels deep),
/// names SIGCHLD in a call: a handler that installs a disposition again
/// (the System V idiom, directly or through its install function).
static bool namesSigchldAgain(const FunctionDecl &Handler, unsigned Depth = 0) {
  const FunctionDecl *Def = nullptr;
  if (!Handler.hasBody(Def) || !Def)
    return false;
  bool Again = false;
  walkStmts(Def->getBody(), Closures::Skip, [&](const Stmt *S) {
    if (const auto *Call = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      Again = Again || passesSigchldLiteral(*Call) ||
              (Callee && Depth < 2 && Callee != Def &&
               namesSigchldAgain(*Callee, Depth + 1));
    }
    return !Again;
  });
  return Again;
}

/// A handler that runs once (SA_RESETHAND, System V's signal()) leaves
/// SIGCHLD at SIG_DFL once the first child has exited, unless it installs
/// a disposition again itself: the install is then read as SIG_DFL, the
/// children after the first being left zombies.
static void settleOneShot(SigchldAction &Action) {
  if (Action.Handler && !Action.KernelReaps &&
      !namesSigchldAgain(*Action.Handler)) {
    Action.Once = Action.Handler;
    Action.Handler = nullptr;
    Action.Default = true;
  }
}

SigchldAction installedAction(const ProcessApiModel &Model,
                              const CallExpr &Call, const Stmt *Body,
                              ASTContext &Ctx) {
  const FunctionDecl *FD = Call.getDirectCallee();
  SigchldAction Action;
  if (FD->getName() != "sigaction") {
    // In a loop over a table, the handler of SIGCHLD's row.
    const Expr *Given = inTableRow(Call.getArg(1),
                                   sigchldTableRow(*Call.getArg(0), Ctx));
    llvm::StringRef Text = writtenText(*Given, Ctx).trim();
    Action.KernelReaps = Text == "SIG_IGN" || isSigIgnValue(Given);
    Action.Default = Text == "SIG_DFL" || isSigDflValue(Given);
    Action.Handler = handlerNamedBy(Given, Model, Ctx);
    if (Model.installsOneShot(*FD))
      settleOneShot(Action);
    return Action;
  }
  const auto *Addr = dyn_cast<UnaryOperator>(skipTransparent(Call.getArg(1)));
  if (!Addr || Addr->getOpcode() != UO_AddrOf)
    return Action;
  const VarDecl *Struct = varOf(Addr->getSubExpr());
  if (!Struct || !Body)
    return Action;
  return actionOfStruct(Model, *Struct, *Body, Ctx, &Call);
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

/// For a call given `&Struct` (a helper that fills a `struct sigaction`,
/// `make_action(&sa, on_child)`): the one other argument that names a
/// handler (a function, SIG_IGN, SIG_DFL), which the helper is taken to
/// store in it; null for any other call.
static const Expr *handlerGivenWith(const CallExpr &Call,
                                    const VarDecl &Struct) {
  if (llvm::none_of(Call.arguments(), [&](const Expr *Arg) {
        return sigactionStructOf(Arg) == &Struct;
      }))
    return nullptr;
  const Expr *Given = nullptr;
  for (const Expr *Arg : Call.arguments())
    if (Arg->IgnoreParenImpCasts()->getType()->isFunctionPointerType() ||
        Arg->getType()->isFunctionPointerType()) {
      if (Given)
        return nullptr; // Two: which one is the handler is not known.
      Given = Arg;
    }
  return Given;
}

/// saysKernelReaps() for sa_flags, also through a function of the unit
/// that returns them (`sa.sa_flags = chld_flags()`): one of its returns
/// names SA_NOCLDWAIT.
static bool flagsSayKernelReaps(const Expr &Flags, ASTContext &Ctx) {
  if (saysKernelReaps(Flags, Ctx))
    return true;
  const auto *Call = dyn_cast<CallExpr>(Flags.IgnoreParenImpCasts());
  const FunctionDecl *Def = nullptr;
  if (!Call || !Call->getDirectCallee() ||
      !Call->getDirectCallee()->hasBody(Def) || !Def)
    return false;
  bool Says = false;
  walkStmts(Def->getBody(), Closures::Skip, [&](const Stmt *S) {
    if (const auto *Return = dyn_cast<ReturnStmt>(S))
      Says = Says || (Return->getRetValue() &&
                      saysKernelReaps(*Return->getRetValue(), Ctx));
    return !Says;
  });
  return Says;
}

namespace {
/// What a function writes into a `struct sigaction`: by member, the last
/// assignment before the install [0] and the last after it [1]; and the
/// handler given with it to a helper before the install.
struct StructWrites {
  const Expr *Handler[2] = {nullptr, nullptr};
  const Expr *Flags[2] = {nullptr, nullptr};
  const Expr *FilledWith = nullptr;
};
} // namespace

static StructWrites structWrites(const VarDecl &Struct, const Stmt &Body,
                                 const Expr *Install, const SourceManager &SM) {
  StructWrites W;
  auto Before = [&](SourceLocation A) {
    return !Install || comesBefore(A, Install->getBeginLoc(), SM);
  };
  walkStmts(&Body, Closures::Enter, [&](const Stmt *S) {
    if (const auto *Call = dyn_cast<CallExpr>(S)) {
      if (Call != Install && Before(Call->getBeginLoc()))
        if (const Expr *Given = handlerGivenWith(*Call, Struct))
          W.FilledWith = Given;
      return true;
    }
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
      W.Handler[When] = Assign->getRHS();
    else if (Name == "sa_flags")
      W.Flags[When] = Assign->getRHS();
    return true;
  });
  return W;
}

SigchldAction actionOfStruct(const ProcessApiModel &Model,
                             const VarDecl &Struct, const Stmt &Body,
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
  StructWrites W = structWrites(Struct, Body, Install, Ctx.getSourceManager());
  const Expr *H = W.Handler[0]  ? W.Handler[0]
                  : InitHandler  ? InitHandler
                  : W.FilledWith ? W.FilledWith
                                 : W.Handler[1];
  const Expr *F = W.Flags[0] ? W.Flags[0] : InitFlags ? InitFlags : W.Flags[1];
  // Installed in a loop over a table (`sa.sa_handler = tab[i].handler`):
  // what SIGCHLD's row gives.
  const auto *Call = dyn_cast_or_null<CallExpr>(Install);
  if (Call && Call->getNumArgs() > 0) {
    std::optional<TableRow> Row = sigchldTableRow(*Call->getArg(0), Ctx);
    H = inTableRow(H, Row);
    F = inTableRow(F, Row);
  }
  if ((H && saysKernelReaps(*H, Ctx)) || (F && flagsSayKernelReaps(*F, Ctx)))
    Action.KernelReaps = true;
  if (H)
    Action.Handler = handlerNamedBy(H, Model, Ctx);
  Action.Default = !Action.KernelReaps && H &&
                   (isSigDflValue(H) || writtenText(*H, Ctx).trim() == "SIG_DFL");
  if (F && (hasFlag(*F, SaResethandOnLinux, Ctx) ||
            writtenText(*F, Ctx).contains("SA_RESETHAND") ||
            writtenText(*F, Ctx).contains("SA_ONESHOT")))
    settleOneShot(Action);
  return Action;
}

} // namespace reapcheck
