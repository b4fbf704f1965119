//===--- ReapAnalysis.cpp - Does every started child get reaped? ----------===//

#include "ReapAnalysis.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <algorithm>
#include <deque>

using namespace clang;

namespace reapcheck {
namespace {

/// What one use of a holder variable does to the child it holds.
enum class UseKind {
  None,
  Harmless,
  Alias,
  Write,
  Signal,
  Fclose,
  Detach,
  HandOff,
  Reap
};

/// Strips what does not change the value: parentheses, casts, temporaries.
static const Expr *skipTransparent(const Expr *E) {
  while (E) {
    const Expr *Next = E->IgnoreParenImpCasts();
    if (const auto *Cast = dyn_cast<ExplicitCastExpr>(Next))
      Next = Cast->getSubExpr();
    else if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(Next))
      Next = Cleanups->getSubExpr();
    else if (const auto *Temp = dyn_cast<MaterializeTemporaryExpr>(Next))
      Next = Temp->getSubExpr();
    else if (const auto *Bind = dyn_cast<CXXBindTemporaryExpr>(Next))
      Next = Bind->getSubExpr();
    if (Next == E)
      return E;
    E = Next;
  }
  return E;
}

static const VarDecl *varOf(const Expr *E) {
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(skipTransparent(E)))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

static std::optional<int64_t> constantOf(const Expr *E, ASTContext &Ctx) {
  E = skipTransparent(E);
  if (E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  if (E->getType()->isPointerType() || E->getType()->isNullPtrType()) {
    if (E->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
      return 0;
    return std::nullopt;
  }
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt().getExtValue();
}

static bool isTransparent(const Stmt *S) {
  return isa<ParenExpr, ImplicitCastExpr, ExplicitCastExpr, ExprWithCleanups,
             MaterializeTemporaryExpr, CXXBindTemporaryExpr>(S);
}

/// One start site as found before the flow runs.
struct Site {
  const Expr *Start;          ///< CallExpr or CXXConstructExpr.
  const CallExpr *Call = nullptr; ///< Start as a call, when it is one.
  SourceLocation Loc;
  StartSpec Spec;
  std::string Api;
  const VarDecl *Var = nullptr;       ///< Local holder.
  const VarDecl *StatusVar = nullptr; ///< posix_spawn's result, if stored.
  const VarDecl *ErrorVar = nullptr;  ///< Boost's std::error_code argument.
  bool Object = false; ///< A Boost.Process object: its destructor reaps.
  bool Discarded = false;
  bool Escaped = false; ///< Stored outside at birth: handed off.
  llvm::SmallPtrSet<const VarDecl *, 4> Holders;
};

class Flow {
public:
  Flow(const Decl *Callable, Stmt *Body, ASTContext &Ctx,
       const ProcessApiModel &Model, TranslationUnitFacts &TU,
       const AnalysisOptions &Opts, const ParmVarDecl *Param = nullptr)
      : Callable(Callable), Body(Body), Ctx(Ctx), SM(Ctx.getSourceManager()),
        Model(Model), TU(TU), Opts(Opts), Param(Param), PM(Body) {}

  AnalysisResult run();

private:
  // Set-up.
  void findStarts();
  std::optional<StartSpec> wrapperSpec() const;
  void classifyStart(Site &S);
  void computeAliases();
  bool isOwnedLocal(const VarDecl *V) const;

  // Transfer.
  bool transferBlock(const CFGBlock &B, llvm::BitVector &Live);
  void handleStart(unsigned Index, llvm::BitVector &Live);
  void handleUse(const DeclRefExpr &Ref, llvm::BitVector &Live);
  void handleWrite(const VarDecl *V, const Stmt *At, const Expr *Source,
                   llvm::BitVector &Live);
  void handleClosure(const Stmt *ClosureBody, const Stmt *Captures,
                     llvm::BitVector &Live);
  bool isSigchldIgnoringSigaction(const CallExpr &Call);

  // Edges and exits.
  void filterEdge(const CFGBlock &From, unsigned SuccIndex,
                  const CFGBlock &To, llvm::BitVector &Live);
  bool edgeMayKeep(const Site &S, const Expr *Cond, bool Branch) const;
  bool refersToHandle(const Site &S, const Expr *E) const;
  bool refersToStatus(const Site &S, const Expr *E) const;
  void handleExit(const CFGBlock &From, const llvm::BitVector &Live);

  UseKind classifyUse(const DeclRefExpr &Ref, const CallExpr **Call);
  const Stmt *parentSkipping(const Stmt *S, const Stmt **Child,
                             bool SkipNegation = false) const;
  bool isSystemCFunction(const FunctionDecl *FD, unsigned ArgIndex) const;

  void resolve(unsigned Index, llvm::BitVector &Live, bool Reaped = true) {
    Live.reset(Index + 1);
    Facts[Index].EverResolved = true;
    (Reaped ? Facts[Index].EverReaped : Facts[Index].EverHandedOff) = true;
  }
  void leak(unsigned Index, ExitKind Kind, SourceLocation Loc);
  /// Bit set when a child object may have been detached: its destructor
  /// then no longer reaps it.
  unsigned detachedBit(unsigned Index) const { return 1 + Sites.size() + Index; }
  void handleDestructor(const VarDecl *V, llvm::BitVector &Live);
  bool before(SourceLocation A, SourceLocation B) const {
    return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A),
                                        SM.getExpansionLoc(B));
  }

  const Decl *Callable;
  Stmt *Body;
  ASTContext &Ctx;
  const SourceManager &SM;
  const ProcessApiModel &Model;
  TranslationUnitFacts &TU;
  const AnalysisOptions &Opts;
  /// For a summary: the parameter whose handle is tracked from the entry.
  const ParmVarDecl *Param;
  ParentMap PM;
  std::unique_ptr<CFG> Graph;

  std::vector<Site> Sites;
  std::vector<StartFacts> Facts;
  llvm::DenseMap<const Expr *, unsigned> StartIndex;
  /// Which sites each variable may hold.
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<unsigned, 2>> HeldBy;
  llvm::DenseMap<const DeclRefExpr *, std::pair<UseKind, const CallExpr *>>
      UseCache;
  llvm::SmallPtrSet<const CallExpr *, 4> FcloseSeen;
  std::vector<FcloseFact> Fcloses;
};

} // namespace

//===----------------------------------------------------------------------===//
// Set-up: start sites, their holders and the aliases of those holders.
//===----------------------------------------------------------------------===//

bool Flow::isOwnedLocal(const VarDecl *V) const {
  if (!V || !V->hasLocalStorage() || V->getType()->isReferenceType())
    return false;
  const DeclContext *DC = dyn_cast<DeclContext>(Callable);
  return V->getDeclContext() == DC;
}

const Stmt *Flow::parentSkipping(const Stmt *S, const Stmt **Child,
                                 bool SkipNegation) const {
  const Stmt *P = PM.getParent(S);
  while (P && (isTransparent(P) ||
               (SkipNegation && isa<UnaryOperator>(P) &&
                cast<UnaryOperator>(P)->getOpcode() == UO_Minus))) {
    S = P;
    P = PM.getParent(P);
  }
  if (Child)
    *Child = S;
  return P;
}

void Flow::findStarts() {
  llvm::SmallPtrSet<const Expr *, 8> Seen;
  for (const CFGBlock *B : *Graph) {
    for (const CFGElement &E : *B) {
      auto CS = E.getAs<CFGStmt>();
      if (!CS)
        continue;
      const auto *Start = dyn_cast<Expr>(CS->getStmt());
      if (!Start || !Seen.insert(Start).second)
        continue;
      Site S;
      S.Start = Start;
      if (const auto *Call = dyn_cast<CallExpr>(Start)) {
        auto Spec = Model.startOf(*Call, Ctx);
        S.Api = ProcessApiModel::apiName(*Call);
        if (!Spec) {
          const WrapperSummary *W = TU.wrapper(Call->getDirectCallee());
          if (!W)
            continue;
          Spec = W->Spec;
          S.Api = W->Api;
        }
        S.Call = Call;
        S.Spec = *Spec;
        // The name itself, after any `ns::` qualifier.
        const Expr *Callee = Call->getCallee()->IgnoreImplicit();
        if (const auto *Ref = dyn_cast<DeclRefExpr>(Callee))
          S.Loc = Ref->getLocation();
        else
          S.Loc = Callee->getExprLoc();
      } else if (const auto *Construct = dyn_cast<CXXConstructExpr>(Start)) {
        auto Api = Model.startOfConstruct(*Construct);
        if (!Api)
          continue;
        S.Object = true;
        S.Api = *Api;
        S.Loc = Construct->getBeginLoc();
        for (const Expr *Arg : Construct->arguments())
          if (const VarDecl *V = varOf(Arg))
            if (ProcessApiModel::isErrorCode(V->getType()))
              S.ErrorVar = V;
      } else {
        continue;
      }
      Sites.push_back(std::move(S));
    }
  }
  // Source order makes every later choice deterministic.
  std::sort(Sites.begin(), Sites.end(), [this](const Site &A, const Site &B) {
    return before(A.Loc, B.Loc);
  });
  for (unsigned I = 0; I < Sites.size(); ++I) {
    StartIndex[Sites[I].Start] = I;
    classifyStart(Sites[I]);
  }
  if (Param) {
    // The summarised parameter: a child that is live on entry.
    Site S;
    S.Start = nullptr;
    S.Var = Param;
    S.Loc = Param->getLocation();
    S.Spec.Kind = Param->getType()->isPointerType() ? HandleKind::Stream
                                                    : HandleKind::Pid;
    Sites.push_back(std::move(S));
  }
}

/// A function is a start wrapper when every return gives back a started
/// handle or a failure value (<= 0, NULL), at least one gives a handle, or
/// when it writes a started handle through a pointer parameter.
std::optional<StartSpec> Flow::wrapperSpec() const {
  const auto *FD = dyn_cast<FunctionDecl>(Callable);
  if (!FD || FD->isMain() || Param || isa<CXXMethodDecl>(FD))
    return std::nullopt;
  bool ReturnsHandle = false, ReturnsOther = false;
  std::optional<StartSpec> OutParam;
  bool AnyStream = false;
  llvm::SmallVector<const Stmt *, 64> Stack{Body};
  while (!Stack.empty()) {
    const Stmt *S = Stack.pop_back_val();
    if (!S || isa<LambdaExpr, BlockExpr>(S))
      continue;
    if (const auto *Ret = dyn_cast<ReturnStmt>(S)) {
      const Expr *Value = Ret->getRetValue();
      bool Handle = false;
      for (const Site &Started : Sites)
        if (!Started.Object && Value && refersToHandle(Started, Value)) {
          Handle = true;
          AnyStream |= Started.Spec.Kind == HandleKind::Stream;
        }
      auto C = Value ? constantOf(Value, const_cast<ASTContext &>(Ctx))
                     : std::nullopt;
      if (Handle)
        ReturnsHandle = true;
      else if (!C || *C > 0)
        ReturnsOther = true;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->getOpcode() == BO_Assign) {
      const auto *Deref = dyn_cast<UnaryOperator>(skipTransparent(BO->getLHS()));
      if (Deref && Deref->getOpcode() == UO_Deref)
        if (const auto *P =
                dyn_cast_or_null<ParmVarDecl>(varOf(Deref->getSubExpr())))
          for (const Site &Started : Sites)
            if (!Started.Object && refersToHandle(Started, BO->getRHS())) {
              StartSpec Spec = Started.Spec;
              Spec.HandleArg = P->getFunctionScopeIndex();
              Spec.ReturnsStatus = false;
              OutParam = Spec;
            }
    }
    for (const Stmt *Child : S->children())
      Stack.push_back(Child);
  }
  // posix_spawn(out, ...) straight into a pointer parameter.
  for (const Site &Started : Sites)
    if (Started.Call && Started.Spec.HandleArg >= 0)
      if (const auto *P = dyn_cast_or_null<ParmVarDecl>(
              varOf(Started.Call->getArg(Started.Spec.HandleArg)))) {
        StartSpec Spec = Started.Spec;
        Spec.HandleArg = P->getFunctionScopeIndex();
        OutParam = Spec;
      }
  // A function that also registers the child elsewhere (a job table) is not
  // handing it to its caller alone: not a wrapper.
  llvm::SmallVector<const Stmt *, 64> Uses{Body};
  while (!Uses.empty()) {
    const Stmt *S = Uses.pop_back_val();
    if (!S || isa<LambdaExpr, BlockExpr>(S))
      continue;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S)) {
      const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
      if (V && HeldBy.count(V)) {
        const CallExpr *Via = nullptr;
        if (const_cast<Flow *>(this)->classifyUse(*Ref, &Via) ==
            UseKind::HandOff) {
          const Stmt *P = parentSkipping(Ref, nullptr);
          bool ToCaller = isa_and_nonnull<ReturnStmt>(P);
          if (const auto *Store = dyn_cast_or_null<BinaryOperator>(P))
            if (const auto *Deref = dyn_cast<UnaryOperator>(
                    skipTransparent(Store->getLHS())))
              ToCaller = Deref->getOpcode() == UO_Deref &&
                         isa_and_nonnull<ParmVarDecl>(varOf(Deref->getSubExpr()));
          if (!ToCaller)
            return std::nullopt;
        }
      }
    }
    for (const Stmt *Child : S->children())
      Uses.push_back(Child);
  }
  QualType Result = FD->getReturnType();
  if (ReturnsHandle && !ReturnsOther &&
      (Result->isIntegerType() || Result->isPointerType())) {
    StartSpec Spec;
    Spec.Kind = AnyStream ? HandleKind::Stream : HandleKind::Pid;
    return Spec;
  }
  if (OutParam) {
    // An int result is read as a status (0: started), a bool as success.
    OutParam->ReturnsStatus = Result->isIntegerType() && !Result->isBooleanType();
    return OutParam;
  }
  return std::nullopt;
}

void Flow::classifyStart(Site &S) {
  const Stmt *Child = nullptr;
  const Stmt *P = parentSkipping(S.Start, &Child);

  if (S.Spec.HandleArg >= 0) {
    const Expr *Arg = skipTransparent(S.Call->getArg(S.Spec.HandleArg));
    if (Arg->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull)) {
      S.Discarded = true;
    } else if (const auto *Addr = dyn_cast<UnaryOperator>(Arg);
               Addr && Addr->getOpcode() == UO_AddrOf &&
               isOwnedLocal(varOf(Addr->getSubExpr()))) {
      S.Var = varOf(Addr->getSubExpr());
    } else {
      S.Escaped = true; // Written through an out-parameter or into a field.
    }
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(P)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          if (V->getInit() && skipTransparent(V->getInit()) == S.Start)
            S.StatusVar = V;
    } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P)) {
      if (BO->getOpcode() == BO_Assign &&
          skipTransparent(BO->getRHS()) == S.Start)
        S.StatusVar = varOf(BO->getLHS());
    }
    return;
  }

  if (!P) {
    S.Discarded = true;
    return;
  }
  if (const auto *DS = dyn_cast<DeclStmt>(P)) {
    for (const Decl *D : DS->decls()) {
      const auto *V = dyn_cast<VarDecl>(D);
      if (!V || !V->getInit() || skipTransparent(V->getInit()) != S.Start)
        continue;
      if (isOwnedLocal(V))
        S.Var = V;
      else
        S.Escaped = true;
    }
    if (!S.Var && !S.Escaped)
      S.Escaped = true;
    return;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
    if (BO->getOpcode() == BO_Assign && skipTransparent(BO->getRHS()) == S.Start) {
      const VarDecl *V = varOf(BO->getLHS());
      if (isOwnedLocal(V))
        S.Var = V;
      else
        S.Escaped = true;
      // `last_child = pid = fork()`: a store further out hands it off too.
      const Stmt *Inner = BO;
      while (const auto *Outer =
                 dyn_cast_or_null<BinaryOperator>(parentSkipping(Inner, nullptr))) {
        if (Outer->getOpcode() != BO_Assign ||
            skipTransparent(Outer->getRHS()) != Inner)
          break;
        if (!isOwnedLocal(varOf(Outer->getLHS())))
          S.Escaped = true;
        Inner = Outer;
      }
      return;
    }
    if (BO->isComparisonOp() || BO->isLogicalOp() || BO->getOpcode() == BO_Comma) {
      S.Discarded = true;
      return;
    }
    S.Escaped = true;
    return;
  }
  if (const auto *Call = dyn_cast<CallExpr>(P)) {
    // The handle passed straight to a call: the call decides.
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      if (skipTransparent(Call->getArg(I)) != S.Start)
        continue;
      CallRole Role = Model.roleForArg(*Call, I, Ctx);
      if (Role == CallRole::Harmless || Role == CallRole::Signal ||
          (Role == CallRole::Unknown &&
           isSystemCFunction(Call->getDirectCallee(), I)))
        S.Discarded = true;
      else
        S.Escaped = true;
      return;
    }
    S.Escaped = true;
    return;
  }
  if (isa<CompoundStmt, IfStmt, WhileStmt, DoStmt, ForStmt, SwitchStmt,
          UnaryOperator, CaseStmt, DefaultStmt, LabelStmt, AttributedStmt>(P) ||
      (isa<CastExpr>(P) &&
       cast<CastExpr>(P)->getType()->isVoidType())) {
    S.Discarded = true;
    return;
  }
  // Returned, stored in an aggregate, given to a constructor...
  S.Escaped = true;
}

/// Local variables initialised or assigned from a holder hold the same
/// child.  Flow-insensitive on purpose: see the header.
void Flow::computeAliases() {
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<const VarDecl *, 2>> Edges;
  auto AddEdge = [&](const Expr *From, const VarDecl *To) {
    const VarDecl *Src = varOf(From);
    // copy = pid = fork(): the inner assignment's value is pid.
    if (const auto *Inner = dyn_cast_or_null<BinaryOperator>(skipTransparent(From)))
      if (Inner->getOpcode() == BO_Assign)
        Src = varOf(Inner->getLHS());
    // auto h = proc.detach(): the returned handle carries the child.
    if (const auto *Member =
            dyn_cast_or_null<CXXMemberCallExpr>(skipTransparent(From)))
      if (const CXXMethodDecl *M = Member->getMethodDecl())
        if (M->getIdentifier() && M->getName() == "detach")
          Src = varOf(Member->getImplicitObjectArgument());
    if (Src && To && To != Src && To->hasLocalStorage())
      Edges[Src].push_back(To);
  };
  llvm::SmallVector<const Stmt *, 64> Stack{Body};
  while (!Stack.empty()) {
    const Stmt *S = Stack.pop_back_val();
    if (!S)
      continue;
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          if (V->getInit() && !V->isStaticLocal())
            AddEdge(V->getInit(), V);
    } else if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (BO->getOpcode() == BO_Assign)
        AddEdge(BO->getRHS(), varOf(BO->getLHS()));
    } else if (const auto *Lambda = dyn_cast<LambdaExpr>(S)) {
      for (const LambdaCapture &C : Lambda->captures())
        if (C.capturesVariable() && Lambda->isInitCapture(&C))
          if (const auto *V = dyn_cast_or_null<VarDecl>(C.getCapturedVar()))
            if (V->getInit())
              AddEdge(V->getInit(), V);
    } else if (const auto *Block = dyn_cast<BlockExpr>(S)) {
      Stack.push_back(Block->getBody());
      PM.addStmt(const_cast<Stmt *>(Block->getBody()));
    }
    for (const Stmt *Child : S->children())
      Stack.push_back(Child);
  }
  for (unsigned I = 0; I < Sites.size(); ++I) {
    Site &S = Sites[I];
    if (!S.Var)
      continue;
    llvm::SmallVector<const VarDecl *, 4> Work{S.Var};
    S.Holders.insert(S.Var);
    while (!Work.empty()) {
      const VarDecl *V = Work.pop_back_val();
      auto It = Edges.find(V);
      if (It == Edges.end())
        continue;
      for (const VarDecl *To : It->second)
        if (S.Holders.insert(To).second)
          Work.push_back(To);
    }
    for (const VarDecl *V : S.Holders)
      HeldBy[V].push_back(I);
  }
}

//===----------------------------------------------------------------------===//
// Uses of a holder.
//===----------------------------------------------------------------------===//

bool Flow::isSystemCFunction(const FunctionDecl *FD, unsigned ArgIndex) const {
  if (!FD || !SM.isInSystemHeader(FD->getLocation()))
    return false;
  if (!Ctx.getLangOpts().CPlusPlus || FD->isExternC() ||
      FD->isInExternCContext())
    return true;
  // A C++ library function taking the pid by value cannot keep it unless it
  // is a member or constructor (containers): std::to_string, std::abs...
  if (isa<CXXMethodDecl>(FD) || ArgIndex >= FD->getNumParams())
    return false;
  QualType T = FD->getParamDecl(ArgIndex)->getType();
  return T->isArithmeticType() && !T->isReferenceType();
}

UseKind Flow::classifyUse(const DeclRefExpr &Ref, const CallExpr **SignalCall) {
  auto Cached = UseCache.find(&Ref);
  if (Cached != UseCache.end()) {
    *SignalCall = Cached->second.second;
    return Cached->second.first;
  }
  UseKind Kind = UseKind::Harmless;
  const CallExpr *Via = nullptr;
  const Stmt *Child = nullptr;
  const Stmt *P = parentSkipping(&Ref, &Child, /*SkipNegation=*/false);
  // kill(-pid, ...) signals the process group the child leads.
  const Stmt *NegChild = nullptr;
  const Stmt *NegP = parentSkipping(&Ref, &NegChild, /*SkipNegation=*/true);
  if (isa_and_nonnull<CallExpr>(NegP) && !isa_and_nonnull<CallExpr>(P)) {
    P = NegP;
    Child = NegChild;
  }

  if (!P) {
    Kind = UseKind::Harmless;
  } else if (const auto *Call = dyn_cast<CallExpr>(P)) {
    int Index = -1;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (Call->getArg(I) == Child)
        Index = static_cast<int>(I);
    if (Index < 0) {
      Kind = UseKind::Harmless; // The callee, not an argument.
    } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call)) {
      OverloadedOperatorKind OK = Op->getOperator();
      Kind = (OK == OO_Equal || OK == OO_Subscript || OK == OO_Call)
                 ? UseKind::HandOff
                 : UseKind::Harmless;
    } else {
      switch (Model.roleForArg(*Call, Index, Ctx)) {
      case CallRole::Reap:
        Kind = UseKind::Reap;
        break;
      case CallRole::Signal:
        Kind = UseKind::Signal;
        Via = Call;
        break;
      case CallRole::Fclose:
        Kind = UseKind::Fclose;
        Via = Call;
        break;
      case CallRole::Harmless:
      case CallRole::ReapAny:
      case CallRole::SigchldIgnore:
        Kind = UseKind::Harmless;
        break;
      case CallRole::Start:
      case CallRole::Unknown: {
        const FunctionDecl *Callee = Call->getDirectCallee();
        if (isSystemCFunction(Callee, Index)) {
          Kind = UseKind::Harmless;
          break;
        }
        switch (TU.paramSummary(Callee, Index, Ctx)) {
        case ParamSummary::Reaps:
          Kind = UseKind::Reap;
          break;
        case ParamSummary::Harmless:
          Kind = UseKind::Harmless;
          break;
        case ParamSummary::Unknown:
          Kind = UseKind::HandOff;
          break;
        }
        break;
      }
      }
    }
  } else if (isa<CXXConstructExpr, InitListExpr, ReturnStmt, CXXThrowExpr,
                 CoreturnStmt, CXXNewExpr, CXXUnresolvedConstructExpr,
                 ParenListExpr>(P) ||
             (isa<Expr>(P) && cast<Expr>(P)->isTypeDependent())) {
    // Stored, returned, or used in a way only an instantiation can tell.
    Kind = UseKind::HandOff;
  } else if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
    if (BO->getOpcode() == BO_Assign) {
      if (Child == BO->getLHS())
        Kind = UseKind::Write;
      else if (const VarDecl *To = varOf(BO->getLHS());
               To && To->hasLocalStorage() && !To->getType()->isReferenceType())
        Kind = UseKind::Alias;
      else
        Kind = UseKind::HandOff; // Field, global, *out, array element.
    }
  } else if (const auto *DS = dyn_cast<DeclStmt>(P)) {
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        if (V->getInit() == Child)
          Kind = (V->hasLocalStorage() || V->getType()->isReferenceType())
                     ? UseKind::Alias
                     : UseKind::HandOff;
  } else if (const auto *UO = dyn_cast<UnaryOperator>(P)) {
    if (UO->getOpcode() == UO_AddrOf) {
      Kind = UseKind::HandOff;
      // posix_spawn(&pid, ...) at its own start site is not a hand-off.
      const Stmt *AddrChild = nullptr;
      if (const auto *Call = dyn_cast_or_null<CallExpr>(
              parentSkipping(UO, &AddrChild))) {
        auto It = StartIndex.find(Call);
        if (It != StartIndex.end() &&
            Sites[It->second].Spec.HandleArg >= 0 &&
            Call->getArg(Sites[It->second].Spec.HandleArg) == AddrChild)
          Kind = UseKind::None;
      }
    }
  } else if (const auto *Member = dyn_cast<MemberExpr>(P)) {
    // c.wait(), c.detach(), c.id() on a child object.
    const auto *Method = dyn_cast<CXXMethodDecl>(Member->getMemberDecl());
    if (Method && Method->getIdentifier()) {
      switch (ProcessApiModel::memberEffect(Method->getName())) {
      case ProcessApiModel::MemberEffect::Reap:
        Kind = UseKind::Reap;
        break;
      case ProcessApiModel::MemberEffect::Detach:
        Kind = UseKind::Detach;
        Via = dyn_cast_or_null<CallExpr>(PM.getParent(Member));
        break;
      case ProcessApiModel::MemberEffect::Other:
        break;
      }
    }
  } else if (isa<LambdaExpr>(P)) {
    Kind = UseKind::None; // A capture: judged where the closure is created.
  }
  UseCache[&Ref] = {Kind, Via};
  *SignalCall = Via;
  return Kind;
}

//===----------------------------------------------------------------------===//
// Transfer functions.
//===----------------------------------------------------------------------===//

void Flow::leak(unsigned Index, ExitKind Kind, SourceLocation Loc) {
  StartFacts &F = Facts[Index];
  if (F.Leaked && !before(Loc, F.LeakLoc))
    return;
  F.Leaked = true;
  F.LeakKind = Kind;
  F.LeakLoc = Loc;
}

void Flow::handleStart(unsigned Index, llvm::BitVector &Live) {
  const Site &S = Sites[Index];
  // SIGCHLD ignored on every path here: the kernel reaps this child.
  if (!Live.test(0))
    return;
  if (S.Escaped) {
    Facts[Index].EverResolved = true;
    Facts[Index].EverHandedOff = true;
    return;
  }
  if (S.Discarded && S.Object) {
    // A temporary child object: its destructor terminates and reaps it at
    // the end of the full-expression.
    Facts[Index].EverResolved = Facts[Index].EverReaped = true;
    return;
  }
  if (S.Discarded && !Opts.TrackDiscarded)
    return;
  if (S.Var) {
    for (unsigned Other : HeldBy.lookup(S.Var)) {
      if (!Live.test(Other + 1) || Sites[Other].Var != S.Var)
        continue;
      if (Sites[Other].Holders.size() == 1)
        leak(Other, ExitKind::Overwrite, S.Loc);
      Live.reset(Other + 1);
    }
  }
  Live.set(Index + 1);
  Live.reset(detachedBit(Index));
}

/// The destructor of an attached child object terminates and reaps it.
void Flow::handleDestructor(const VarDecl *V, llvm::BitVector &Live) {
  for (unsigned Index : HeldBy.lookup(V))
    if (Sites[Index].Object && Sites[Index].Var == V &&
        Live.test(Index + 1) && !Live.test(detachedBit(Index)))
      resolve(Index, Live);
}

void Flow::handleWrite(const VarDecl *V, const Stmt *At, const Expr *Source,
                       llvm::BitVector &Live) {
  if (Source) {
    if (StartIndex.count(skipTransparent(Source)))
      return; // Handled at the start itself.
  }
  for (unsigned Index : HeldBy.lookup(V)) {
    if (!Live.test(Index + 1) || Sites[Index].Var != V)
      continue;
    if (Sites[Index].Holders.size() == 1) {
      leak(Index, ExitKind::Overwrite, At->getBeginLoc());
      Live.reset(Index + 1);
    }
  }
}

void Flow::handleUse(const DeclRefExpr &Ref, llvm::BitVector &Live) {
  const auto *V = dyn_cast<VarDecl>(Ref.getDecl());
  if (!V)
    return;
  auto It = HeldBy.find(V);
  if (It == HeldBy.end())
    return;
  const CallExpr *Via = nullptr;
  UseKind Kind = classifyUse(Ref, &Via);
  for (unsigned Index : It->second) {
    if (!Live.test(Index + 1))
      continue;
    switch (Kind) {
    case UseKind::Reap:
      resolve(Index, Live);
      break;
    case UseKind::HandOff:
      resolve(Index, Live, /*Reaped=*/false);
      break;
    case UseKind::Signal:
      if (!Facts[Index].Kill ||
          before(Via->getBeginLoc(), Facts[Index].Kill->getBeginLoc()))
        Facts[Index].Kill = Via;
      break;
    case UseKind::Fclose:
      if (Sites[Index].Spec.Kind != HandleKind::Stream)
        break;
      if (FcloseSeen.insert(Via).second)
        Fcloses.push_back({Via, Sites[Index].Var});
      resolve(Index, Live);
      break;
    case UseKind::Detach:
      // The destructor no longer reaps; a v2 detach() hands the child to
      // the handle it returns (an alias, see computeAliases()).
      Live.set(detachedBit(Index));
      if (Via && (!Facts[Index].Detach ||
                  before(Via->getBeginLoc(), Facts[Index].Detach->getBeginLoc())))
        Facts[Index].Detach = Via;
      break;
    case UseKind::None:
    case UseKind::Harmless:
    case UseKind::Alias:
    case UseKind::Write:
      break;
    }
  }
}

/// A closure created here that reaps, hands off or kills a live child does so
/// from this point on: scope guards and watcher threads.
void Flow::handleClosure(const Stmt *ClosureBody, const Stmt *Captures,
                         llvm::BitVector &Live) {
  llvm::SmallVector<const Stmt *, 32> Stack{ClosureBody, Captures};
  while (!Stack.empty()) {
    const Stmt *S = Stack.pop_back_val();
    if (!S)
      continue;
    if (const auto *Call = dyn_cast<CallExpr>(S)) {
      if (Model.isReapAny(*Call, Ctx))
        for (unsigned I = 0; I < Sites.size(); ++I)
          if (Live.test(I + 1))
            resolve(I, Live);
    } else if (const auto *Ref = dyn_cast<DeclRefExpr>(S)) {
      handleUse(*Ref, Live);
    } else if (const auto *Block = dyn_cast<BlockExpr>(S)) {
      Stack.push_back(Block->getBody());
    }
    for (const Stmt *Child : S->children())
      Stack.push_back(Child);
  }
}

bool Flow::isSigchldIgnoringSigaction(const CallExpr &Call) {
  const FunctionDecl *FD = Call.getDirectCallee();
  if (!FD || FD->getName() != "sigaction" || Call.getNumArgs() < 2)
    return false;
  CharSourceRange R = SM.getExpansionRange(Call.getArg(0)->getSourceRange());
  llvm::StringRef Sig = Lexer::getSourceText(R, SM, Ctx.getLangOpts()).trim();
  if (Sig != "SIGCHLD" && Sig != "SIGCLD")
    return false;
  const auto *Addr = dyn_cast<UnaryOperator>(skipTransparent(Call.getArg(1)));
  if (!Addr || Addr->getOpcode() != UO_AddrOf)
    return false;
  const VarDecl *Action = varOf(Addr->getSubExpr());
  if (!Action)
    return false;
  auto Says = [&](const Expr *E) {
    CharSourceRange Range = SM.getExpansionRange(E->getSourceRange());
    llvm::StringRef Text = Lexer::getSourceText(Range, SM, Ctx.getLangOpts());
    return Text.contains("SA_NOCLDWAIT") || Text.contains("SIG_IGN");
  };
  if (Action->getInit() && Says(Action->getInit()))
    return true;
  // sa.sa_flags = SA_NOCLDWAIT; sa.sa_handler = SIG_IGN (a glibc macro for
  // a nested member): any assignment to a member of the struct counts.
  llvm::SmallVector<const Stmt *, 64> Stack{Body};
  while (!Stack.empty()) {
    const Stmt *S = Stack.pop_back_val();
    if (!S)
      continue;
    if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (BO->isAssignmentOp()) {
        const Expr *Base = skipTransparent(BO->getLHS());
        while (const auto *ME = dyn_cast<MemberExpr>(Base))
          Base = skipTransparent(ME->getBase());
        if (Base != skipTransparent(BO->getLHS()) && varOf(Base) == Action &&
            Says(BO->getRHS()))
          return true;
      }
    }
    for (const Stmt *Child : S->children())
      Stack.push_back(Child);
  }
  return false;
}

/// Returns false when the block ends the path (an inferred noreturn call).
bool Flow::transferBlock(const CFGBlock &B, llvm::BitVector &Live) {
  for (const CFGElement &E : B) {
    if (auto Dtor = E.getAs<CFGAutomaticObjDtor>()) {
      if (HeldBy.count(Dtor->getVarDecl()))
        handleDestructor(Dtor->getVarDecl(), Live);
      continue;
    }
    auto CS = E.getAs<CFGStmt>();
    if (!CS)
      continue;
    const Stmt *S = CS->getStmt();
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(S)) {
      auto It = StartIndex.find(Construct);
      if (It != StartIndex.end())
        handleStart(It->second, Live);
    } else if (const auto *Call = dyn_cast<CallExpr>(S)) {
      auto It = StartIndex.find(Call);
      if (It != StartIndex.end())
        handleStart(It->second, Live);
      if (Model.isReapAny(*Call, Ctx)) {
        for (unsigned I = 0; I < Sites.size(); ++I)
          if (Live.test(I + 1))
            resolve(I, Live);
      }
      if (Model.ignoresSigchld(*Call, Ctx) || isSigchldIgnoringSigaction(*Call))
        Live.reset(0);
      if (TU.isInferredNoReturn(Call->getDirectCallee()))
        return false;
    } else if (const auto *Ref = dyn_cast<DeclRefExpr>(S)) {
      handleUse(*Ref, Live);
    } else if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (BO->getOpcode() == BO_Assign)
        if (const VarDecl *V = varOf(BO->getLHS()))
          if (HeldBy.count(V))
            handleWrite(V, BO, BO->getRHS(), Live);
    } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          if (HeldBy.count(V))
            handleWrite(V, DS, V->getInit(), Live);
    } else if (const auto *Lambda = dyn_cast<LambdaExpr>(S)) {
      handleClosure(Lambda->getBody(), nullptr, Live);
      for (const Expr *Init : Lambda->capture_inits())
        if (Init)
          handleClosure(Init, nullptr, Live);
    } else if (const auto *Block = dyn_cast<BlockExpr>(S)) {
      handleClosure(Block->getBody(), nullptr, Live);
    }
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Branches on the handle.
//===----------------------------------------------------------------------===//

bool Flow::refersToHandle(const Site &S, const Expr *E) const {
  E = skipTransparent(E);
  if (E == S.Start)
    return !S.Spec.ReturnsStatus;
  if (const VarDecl *V = varOf(E))
    return S.Holders.count(V);
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    if (BO->getOpcode() == BO_Assign) {
      // `(a = pid = fork()) == -1`: the value is the innermost one.
      if (refersToHandle(S, BO->getRHS()))
        return true;
      const VarDecl *V = varOf(BO->getLHS());
      return V && S.Holders.count(V);
    }
  return false;
}

bool Flow::refersToStatus(const Site &S, const Expr *E) const {
  if (!S.Spec.ReturnsStatus)
    return false;
  E = skipTransparent(E);
  if (E == S.Start)
    return true;
  if (const VarDecl *V = varOf(E))
    return V == S.StatusVar;
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return BO->getOpcode() == BO_Assign &&
           skipTransparent(BO->getRHS()) == S.Start;
  return false;
}


static BinaryOperatorKind negate(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_LT: return BO_GE;
  case BO_LE: return BO_GT;
  case BO_GT: return BO_LE;
  case BO_GE: return BO_LT;
  case BO_EQ: return BO_NE;
  default:    return BO_EQ;
  }
}

static BinaryOperatorKind mirror(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_LT: return BO_GT;
  case BO_LE: return BO_GE;
  case BO_GT: return BO_LT;
  case BO_GE: return BO_LE;
  default:    return Op;
  }
}

/// Can `X Op C` hold for some X > 0 (a real child pid, a non-NULL stream)?
static bool holdsForSomePositive(BinaryOperatorKind Op, int64_t C) {
  switch (Op) {
  case BO_LT: return C > 1;
  case BO_LE: return C >= 1;
  case BO_EQ: return C > 0;
  default:    return true; // >, >=, != hold for large X.
  }
}

static bool holdsForZero(BinaryOperatorKind Op, int64_t C) {
  switch (Op) {
  case BO_LT: return 0 < C;
  case BO_LE: return 0 <= C;
  case BO_GT: return 0 > C;
  case BO_GE: return 0 >= C;
  case BO_EQ: return C == 0;
  default:    return C != 0;
  }
}

/// False when taking branch \p Branch of \p Cond proves that \p S has no
/// parent-side child: it failed, or this is the child itself.
bool Flow::edgeMayKeep(const Site &S, const Expr *Cond, bool Branch) const {
  Cond = skipTransparent(Cond);
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond))
    if (UO->getOpcode() == UO_LNot)
      return edgeMayKeep(S, UO->getSubExpr(), !Branch);
  if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Cond)) {
    const VarDecl *Object = varOf(Member->getImplicitObjectArgument());
    const CXXMethodDecl *Method = Member->getMethodDecl();
    // c.valid(): false means no child was started.
    if (Method && Object && S.Holders.count(Object) &&
        Method->getIdentifier() && Method->getName() == "valid")
      return Branch;
    // if (ec): the non-throwing start failed.
    if (Method && Object && Object == S.ErrorVar &&
        isa<CXXConversionDecl>(Method))
      return !Branch;
  }
  BinaryOperatorKind Op = BO_NE;
  const Expr *Subject = Cond;
  int64_t C = 0;
  if (const auto *BO = dyn_cast<BinaryOperator>(Cond);
      BO && BO->isComparisonOp()) {
    if (auto R = constantOf(BO->getRHS(), Ctx)) {
      Subject = BO->getLHS();
      Op = BO->getOpcode();
      C = *R;
    } else if (auto L = constantOf(BO->getLHS(), Ctx)) {
      Subject = BO->getRHS();
      Op = mirror(BO->getOpcode());
      C = *L;
    } else {
      return true;
    }
    if (Op == BO_Cmp)
      return true;
  }
  if (!Branch)
    Op = negate(Op);
  if (refersToHandle(S, Subject))
    return holdsForSomePositive(Op, C);
  if (refersToStatus(S, Subject))
    return holdsForZero(Op, C);
  return true;
}

void Flow::filterEdge(const CFGBlock &From, unsigned SuccIndex,
                      const CFGBlock &To, llvm::BitVector &Live) {
  const Stmt *Term = From.getTerminatorStmt();
  if (!Term || Live.count() <= static_cast<unsigned>(Live.test(0)))
    return;
  if (const auto *Switch = dyn_cast<SwitchStmt>(Term)) {
    const auto *Case = dyn_cast_or_null<CaseStmt>(To.getLabel());
    if (!Case || !Switch->getCond())
      return;
    auto Low = constantOf(Case->getLHS(), Ctx);
    if (!Low)
      return;
    int64_t High = *Low;
    if (Case->getRHS())
      if (auto H = constantOf(Case->getRHS(), Ctx))
        High = *H;
    for (unsigned I = 0; I < Sites.size(); ++I) {
      if (!Live.test(I + 1))
        continue;
      if ((refersToHandle(Sites[I], Switch->getCond()) && High <= 0) ||
          (refersToStatus(Sites[I], Switch->getCond()) &&
           (*Low > 0 || High < 0)))
        Live.reset(I + 1);
    }
    return;
  }
  if (From.succ_size() != 2 || SuccIndex > 1)
    return;
  const Expr *Cond = dyn_cast_or_null<Expr>(From.getTerminatorCondition());
  if (!Cond)
    return;
  // In `if (a && b)` the block evaluating `b` is terminated by the `if`,
  // whose condition is the whole `a && b`; the value deciding this block's
  // edges is `b`, the last thing it evaluated.
  const Stmt *Last = nullptr;
  for (auto It = From.rbegin(); It != From.rend() && !Last; ++It)
    if (auto CS = It->getAs<CFGStmt>())
      Last = CS->getStmt();
  while (const auto *Logic = dyn_cast<BinaryOperator>(Cond->IgnoreParens())) {
    if (!Logic->isLogicalOp() || !Last)
      break;
    const Expr *Rhs = Logic->getRHS();
    const auto *LastExpr = dyn_cast<Expr>(Last);
    if (Last != Rhs && (!LastExpr || LastExpr->IgnoreParenImpCasts() !=
                                         Rhs->IgnoreParenImpCasts()))
      break;
    Cond = Rhs;
  }
  for (unsigned I = 0; I < Sites.size(); ++I)
    if (Live.test(I + 1) && !edgeMayKeep(Sites[I], Cond, SuccIndex == 0))
      Live.reset(I + 1);
}

void Flow::handleExit(const CFGBlock &From, const llvm::BitVector &Live) {
  if (From.hasNoReturnElement() || Opts.ExitsAreProcessExits)
    return;
  // A try's dispatch block reaches the exit for exceptions no handler
  // matches; the CFG cannot tell which, so a throw inside a try with handlers
  // is taken to be caught.
  if (isa_and_nonnull<CXXTryStmt>(From.getTerminatorStmt()))
    return;
  ExitKind Kind = ExitKind::Return;
  SourceLocation Loc;
  for (const auto *It = From.rbegin(); It != From.rend(); ++It) {
    auto CS = It->getAs<CFGStmt>();
    if (!CS)
      continue;
    if (const auto *Ret = dyn_cast<ReturnStmt>(CS->getStmt()))
      Loc = Ret->getBeginLoc();
    else if (const auto *Throw = dyn_cast<CXXThrowExpr>(CS->getStmt())) {
      Kind = ExitKind::Throw;
      Loc = Throw->getBeginLoc();
    }
    break;
  }
  if (Loc.isInvalid()) {
    if (const auto *Compound = dyn_cast<CompoundStmt>(Body))
      Loc = Compound->getRBracLoc();
    else
      Loc = Body->getEndLoc();
  }
  for (unsigned I = 0; I < Sites.size(); ++I) {
    if (!Live.test(I + 1))
      continue;
    // Unwinding runs the destructor of an attached child object.
    if (Kind == ExitKind::Throw && Sites[I].Object && !Live.test(detachedBit(I)))
      continue;
    leak(I, Kind, Loc);
  }
}

//===----------------------------------------------------------------------===//
// The worklist.
//===----------------------------------------------------------------------===//

AnalysisResult Flow::run() {
  AnalysisResult Result;
  CFG::BuildOptions Options;
  Options.AddImplicitDtors = true;
  Options.AddTemporaryDtors = true;
  Options.setAllAlwaysAdd();
  Graph = CFG::buildCFG(Callable, Body, &Ctx, Options);
  if (!Graph)
    return Result;
  Result.Analysed = true;
  findStarts();
  if (Sites.empty())
    return Result;
  computeAliases();
  for (const Site &S : Sites) {
    StartFacts F;
    F.Start = S.Start;
    F.Loc = S.Loc;
    F.Api = S.Api;
    F.Var = S.Var;
    F.Discarded = S.Discarded;
    F.Stream = S.Spec.Kind == HandleKind::Stream;
    Facts.push_back(F);
  }

  const unsigned Bits = 1 + 2 * Sites.size();
  const unsigned NumBlocks = Graph->getNumBlockIDs();
  std::vector<llvm::BitVector> In(NumBlocks, llvm::BitVector(Bits));
  std::vector<bool> Reached(NumBlocks, false), Queued(NumBlocks, false);
  std::deque<const CFGBlock *> Work;
  const CFGBlock &Entry = Graph->getEntry();
  const CFGBlock &Exit = Graph->getExit();
  In[Entry.getBlockID()].set(0); // SIGCHLD has its default disposition.
  if (Param)
    In[Entry.getBlockID()].set(Sites.size()); // The summarised parameter.
  Reached[Entry.getBlockID()] = true;
  Work.push_back(&Entry);
  Queued[Entry.getBlockID()] = true;

  while (!Work.empty()) {
    const CFGBlock *B = Work.front();
    Work.pop_front();
    Queued[B->getBlockID()] = false;
    llvm::BitVector Live = In[B->getBlockID()];
    if (!transferBlock(*B, Live))
      continue;
    unsigned Index = 0;
    for (const auto *SI = B->succ_begin(); SI != B->succ_end(); ++SI, ++Index) {
      const CFGBlock *Succ = SI->getReachableBlock();
      if (!Succ)
        continue;
      llvm::BitVector Out = Live;
      filterEdge(*B, Index, *Succ, Out);
      if (Succ == &Exit) {
        handleExit(*B, Out);
        continue;
      }
      llvm::BitVector &Target = In[Succ->getBlockID()];
      llvm::BitVector Grown = Target;
      Grown |= Out;
      if (Reached[Succ->getBlockID()] && Grown == Target)
        continue;
      Target = Grown;
      Reached[Succ->getBlockID()] = true;
      if (!Queued[Succ->getBlockID()]) {
        Queued[Succ->getBlockID()] = true;
        Work.push_back(Succ);
      }
    }
  }
  Result.Wrapper = wrapperSpec();
  Result.Starts = std::move(Facts);
  Result.Fcloses = std::move(Fcloses);
  return Result;
}

//===----------------------------------------------------------------------===//
// Translation-unit facts.
//===----------------------------------------------------------------------===//

bool TranslationUnitFacts::isInferredNoReturn(const FunctionDecl *FD) {
  if (!FD || FD->isNoReturn())
    return false;
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def)
    return false;
  auto It = NoReturn.find(Def);
  if (It != NoReturn.end())
    return It->second;
  NoReturn[Def] = false; // Recursion ends here.
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
  llvm::SmallVector<const Stmt *, 32> Stack{Compound};
  while (!Stack.empty()) {
    const Stmt *S = Stack.pop_back_val();
    if (!S || isa<LambdaExpr, BlockExpr>(S))
      continue;
    if (isa<ReturnStmt>(S))
      return false;
    for (const Stmt *Child : S->children())
      Stack.push_back(Child);
  }
  NoReturn[Def] = true;
  return true;
}

const WrapperSummary *
TranslationUnitFacts::wrapper(const FunctionDecl *FD) const {
  if (!FD)
    return nullptr;
  auto It = Wrappers.find(FD->getCanonicalDecl());
  return It == Wrappers.end() ? nullptr : &It->second;
}

bool TranslationUnitFacts::addWrapper(const FunctionDecl *FD, WrapperSummary W) {
  return Wrappers.try_emplace(FD->getCanonicalDecl(), std::move(W)).second;
}

ParamSummary TranslationUnitFacts::paramSummary(const FunctionDecl *FD,
                                                unsigned Index,
                                                ASTContext &Ctx) {
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def || Def->isVariadic() ||
      Index >= Def->getNumParams() || Def->isTemplated() ||
      Ctx.getSourceManager().isInSystemHeader(Def->getLocation()))
    return ParamSummary::Unknown;
  const ParmVarDecl *P = Def->getParamDecl(Index);
  QualType T = P->getType();
  if (!(T->isIntegerType() || T->isPointerType()) || T->isReferenceType())
    return ParamSummary::Unknown;
  auto Key = std::make_pair(Def, Index);
  auto It = Params.find(Key);
  if (It != Params.end())
    return It->second.value_or(ParamSummary::Unknown); // Cycle: conservative.
  // Deep chains of wrappers are cut off rather than followed forever.
  if (Depth >= 8)
    return ParamSummary::Unknown;
  Params[Key] = std::nullopt;
  ++Depth;
  AnalysisOptions Opts;
  Flow F(Def, Def->getBody(), Ctx, *Model, *this, Opts, P);
  AnalysisResult R = F.run();
  --Depth;
  ParamSummary Summary = ParamSummary::Unknown;
  if (R.Analysed && !R.Starts.empty()) {
    const StartFacts &Facts = R.Starts.back(); // The parameter's pseudo-start.
    if (!Facts.EverResolved)
      Summary = ParamSummary::Harmless;
    else if (Facts.EverReaped && !Facts.EverHandedOff && !Facts.Leaked)
      Summary = ParamSummary::Reaps;
  }
  Params[Key] = Summary;
  return Summary;
}

AnalysisResult analyseBody(const Decl *Callable, Stmt *Body, ASTContext &Ctx,
                           const ProcessApiModel &Model,
                           TranslationUnitFacts &TU,
                           const AnalysisOptions &Options) {
  if (!Callable || !Body)
    return AnalysisResult();
  Flow F(Callable, Body, Ctx, Model, TU, Options);
  return F.run();
}

} // namespace reapcheck
