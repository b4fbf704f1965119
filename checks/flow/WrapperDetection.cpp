//===--- WrapperDetection.cpp - Does a body hand its child to its caller? -===//

#include "flow/WrapperDetection.h"
#include "support/AstHelpers.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace reapcheck {

namespace {
/// What the returns and pointer stores of a body give the caller.
struct Outputs {
  bool ReturnsHandle = false;
  bool ReturnsOther = false;
  bool AnyStream = false;
  std::optional<StartSpec> OutParam;
};
} // namespace

/// The pointer parameter `*P = ...` writes through, if any.
static const ParmVarDecl *derefParameter(const Expr *Lhs) {
  const auto *Deref = dyn_cast<UnaryOperator>(skipTransparent(Lhs));
  if (!Deref || Deref->getOpcode() != UO_Deref)
    return nullptr;
  return dyn_cast_or_null<ParmVarDecl>(varOf(Deref->getSubExpr()));
}

static Outputs collectOutputs(const PreparedBody &Prepared) {
  Outputs Out;
  ASTContext &Ctx = Prepared.body().astContext();
  auto Handles = [&](const Expr *E) -> const Site * {
    for (const Site &S : Prepared.sites())
      if (!S.Object && S.refersToHandle(E))
        return &S;
    return nullptr;
  };
  walkStmts(Prepared.body().body(), Closures::Skip, [&](const Stmt *S) {
    if (const auto *Ret = dyn_cast<ReturnStmt>(S)) {
      const Expr *Value = Ret->getRetValue();
      bool Handle = false;
      for (const Site &Started : Prepared.sites())
        if (!Started.Object && Value && Started.refersToHandle(Value)) {
          Handle = true;
          Out.AnyStream |= Started.Spec.Kind == HandleKind::Stream;
        }
      auto C = Value ? constantOf(Value, Ctx) : std::nullopt;
      if (Handle)
        Out.ReturnsHandle = true;
      else if (!C || *C > 0)
        Out.ReturnsOther = true;
    } else if (const auto *BO = dyn_cast<BinaryOperator>(S);
               BO && BO->getOpcode() == BO_Assign) {
      if (const ParmVarDecl *P = derefParameter(BO->getLHS()))
        if (const Site *Started = Handles(BO->getRHS())) {
          StartSpec Spec = Started->Spec;
          Spec.HandleArg = P->getFunctionScopeIndex();
          Spec.ReturnsStatus = false;
          Out.OutParam = Spec;
        }
    }
    return true;
  });
  // posix_spawn(out, ...) straight into a pointer parameter.
  for (const Site &Started : Prepared.sites())
    if (Started.Call && Started.Spec.HandleArg >= 0)
      if (const auto *P = dyn_cast_or_null<ParmVarDecl>(
              varOf(Started.Call->getArg(Started.Spec.HandleArg)))) {
        StartSpec Spec = Started.Spec;
        Spec.HandleArg = P->getFunctionScopeIndex();
        Out.OutParam = Spec;
      }
  return Out;
}

/// When \p P, the parent of \p Ref, is a call of a function of another file
/// of the project that \p Ref is an argument of: the callee and the index.
static std::optional<std::pair<const FunctionDecl *, unsigned>>
foreignArgument(const Stmt *P, const DeclRefExpr *Ref, ASTContext &Ctx) {
  const auto *Call = dyn_cast_or_null<CallExpr>(P);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  if (!Callee || Callee->hasBody() || !Callee->isExternallyVisible() ||
      SM.isInSystemHeader(SM.getExpansionLoc(Callee->getLocation())))
    return std::nullopt;
  for (unsigned I = 0; I < Call->getNumArgs(); ++I)
    if (skipTransparent(Call->getArg(I)) == Ref)
      return std::make_pair(Callee, I);
  return std::nullopt;
}

/// True when some use of a holder hands the child to someone other than
/// the caller; with \p Unless, one to another file's function is added
/// there instead.
static bool handsToOthers(const PreparedBody &Prepared, UseClassifier &Uses,
                          ForeignArgs *Unless) {
  bool Others = false;
  walkStmts(Prepared.body().body(), Closures::Skip, [&](const Stmt *S) {
    const auto *Ref = dyn_cast<DeclRefExpr>(S);
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (Others || !V || !Prepared.holders().isHolder(V) ||
        (Uses.classify(*Ref).Kind != UseKind::HandOff &&
         Uses.classify(*Ref).Kind != UseKind::Store))
      return !Others;
    const Stmt *P = Prepared.body().parentSkipping(Ref, nullptr);
    bool ToCaller = isa_and_nonnull<ReturnStmt>(P);
    if (const auto *Store = dyn_cast_or_null<BinaryOperator>(P))
      ToCaller = derefParameter(Store->getLHS()) != nullptr;
    if (auto Foreign = Unless ? foreignArgument(P, Ref,
                                                Prepared.body().astContext())
                              : std::nullopt) {
      if (llvm::find(*Unless, *Foreign) == Unless->end())
        Unless->push_back(*Foreign);
      return true;
    }
    Others = !ToCaller;
    return !Others;
  });
  return Others;
}

std::optional<StartSpec> wrapperSpecOf(const FunctionDecl &FD,
                                       const PreparedBody &Prepared,
                                       UseClassifier &Uses,
                                       ForeignArgs *Unless) {
  if (FD.isMain() || isa<CXXMethodDecl>(FD) || Prepared.sites().empty())
    return std::nullopt;
  for (const Site &S : Prepared.sites())
    if (S.StoredIn)
      return std::nullopt; // Also kept by a member or global.
  Outputs Out = collectOutputs(Prepared);
  if (handsToOthers(Prepared, Uses, Unless))
    return std::nullopt;
  QualType Result = FD.getReturnType();
  if (Out.ReturnsHandle && !Out.ReturnsOther &&
      (Result->isIntegerType() || Result->isPointerType())) {
    StartSpec Spec;
    Spec.Kind = Out.AnyStream ? HandleKind::Stream : HandleKind::Pid;
    return Spec;
  }
  if (Out.OutParam) {
    // An int result is read as a status (0: started), a bool or a pointer
    // as success (false or NULL: no child).
    Out.OutParam->ReturnsStatus =
        Result->isIntegerType() && !Result->isBooleanType();
    Out.OutParam->ResultIsSuccess =
        Result->isBooleanType() || Result->isPointerType();
    return Out.OutParam;
  }
  return std::nullopt;
}

} // namespace reapcheck
