//===--- StableConditions.cpp - Tests whose outcome cannot change ---------===//

#include "flow/StableConditions.h"
#include "flow/Solver.h"
#include "support/AstHelpers.h"
#include "flow/BranchConditions.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace reapcheck {

namespace {
/// What the body does to its variables and fields: every reference that is
/// not read as a value may write (an assignment, `&v`, a reference bound to
/// it, a method called on it), except the one assignment of a variable set
/// once by a statement of the body's top level (`opts = getopt32(...);`),
/// after which its value is fixed.
class WriteSet {
public:
  explicit WriteSet(const Stmt *Body) {
    llvm::DenseMap<const Expr *, const Stmt *> TopAssigned;
    if (const auto *Top = dyn_cast<CompoundStmt>(Body))
      for (const Stmt *S : Top->body()) {
        if (const auto *DS = dyn_cast<DeclStmt>(S))
          for (const Decl *D : DS->decls())
            if (const auto *V = dyn_cast<VarDecl>(D))
              TopLevel.insert(V);
        if (const auto *BO = dyn_cast<BinaryOperator>(S))
          if (BO->getOpcode() == BO_Assign)
            TopAssigned[BO->getLHS()->IgnoreParens()] = S;
      }
    llvm::SmallPtrSet<const Expr *, 32> Read;
    walkStmts(Body, Closures::Enter, [&](const Stmt *S) {
      if (const auto *Cast = dyn_cast<ImplicitCastExpr>(S)) {
        if (Cast->getCastKind() == CK_LValueToRValue)
          Read.insert(Cast->getSubExpr()->IgnoreParens());
      } else if (const auto *Member = dyn_cast<MemberExpr>(S)) {
        // Reading `s.f` reads `s`; `p->f` reads the pointer `p` itself.
        if (Read.count(Member) && !Member->isArrow())
          Read.insert(Member->getBase()->IgnoreParens());
        else if (!Read.count(Member))
          Fields.insert(Member->getMemberDecl());
      } else if (const auto *Ref = dyn_cast<DeclRefExpr>(S)) {
        if (Read.count(Ref))
          return true;
        auto Top = TopAssigned.find(Ref);
        if (Top != TopAssigned.end() && !Once.count(Ref->getDecl()))
          Once[Ref->getDecl()] = Top->second;
        else
          Vars.insert(Ref->getDecl());
      }
      return true;
    });
  }

  bool mayWrite(const ValueDecl *D) const {
    return Vars.count(D) || Fields.count(D);
  }
  /// The top-level statement that assigns \p D its only value, if any.
  const Stmt *assignedOnceBy(const ValueDecl *D) const {
    auto It = Once.find(D);
    return It == Once.end() || Vars.count(D) ? nullptr : It->second;
  }
  bool declaredAtTop(const VarDecl *V) const { return TopLevel.count(V); }

private:
  llvm::SmallPtrSet<const ValueDecl *, 16> Vars, Fields;
  llvm::SmallPtrSet<const VarDecl *, 16> TopLevel;
  llvm::DenseMap<const ValueDecl *, const Stmt *> Once;
};
} // namespace

/// True when \p E has the same value wherever the body evaluates it; \p
/// Mentions is set when it reads some variable (a constant is no test).
static bool isStable(const Expr *E, const WriteSet &Writes, ASTContext &Ctx,
                     SourceLocation At, bool &Mentions) {
  E = E->IgnoreParens();
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    if (Cast->getCastKind() == CK_UserDefinedConversion ||
        Cast->getCastKind() == CK_ConstructorConversion)
      return false;
    return isStable(Cast->getSubExpr(), Writes, Ctx, At, Mentions);
  }
  if (isa<IntegerLiteral, CharacterLiteral, CXXBoolLiteralExpr,
          CXXNullPtrLiteralExpr, GNUNullExpr, UnaryExprOrTypeTraitExpr>(E))
    return true;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(Ref->getDecl()))
      return true;
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    if (!V || Writes.mayWrite(V) || V->getType().isVolatileQualified() ||
        V->getType()->isReferenceType())
      return false;
    // Set once at the top level: stable in the tests that follow that
    // statement.
    if (const Stmt *Once = Writes.assignedOnceBy(V)) {
      const SourceManager &SM = Ctx.getSourceManager();
      if (!SM.isBeforeInTranslationUnit(SM.getExpansionLoc(Once->getEndLoc()),
                                        SM.getExpansionLoc(At)))
        return false;
    }
    // A local declared in a nested scope is a new variable each time that
    // scope is entered (a loop body).
    if (V->hasLocalStorage() && !isa<ParmVarDecl>(V) &&
        !Writes.declaredAtTop(V))
      return false;
    Mentions = true;
    return true;
  }
  if (const auto *Member = dyn_cast<MemberExpr>(E)) {
    const ValueDecl *Field = Member->getMemberDecl();
    if (!isa<FieldDecl>(Field) || Writes.mayWrite(Field) ||
        Field->getType().isVolatileQualified())
      return false;
    return isStable(Member->getBase(), Writes, Ctx, At, Mentions);
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    switch (UO->getOpcode()) {
    case UO_LNot:
    case UO_Not:
    case UO_Minus:
    case UO_Plus:
      return isStable(UO->getSubExpr(), Writes, Ctx, At, Mentions);
    default:
      return false;
    }
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return !BO->isAssignmentOp() && !BO->isCommaOp() &&
           isStable(BO->getLHS(), Writes, Ctx, At, Mentions) &&
           isStable(BO->getRHS(), Writes, Ctx, At, Mentions);
  return false;
}

namespace {
/// A stable condition of the body, at one block that tests it.
struct Candidate {
  const CFGBlock *Block;
  llvm::FoldingSetNodeID Key;
  bool Negated;
};
} // namespace

/// The blocks whose two-way branch tests a stable condition that mentions a
/// variable, with the condition's profile.
static std::vector<Candidate> stableTests(const CFG &Graph, const Stmt *Body,
                                          ASTContext &Ctx) {
  std::vector<Candidate> Found;
  std::optional<WriteSet> Writes;
  for (const CFGBlock *B : Graph) {
    if (!B || B->succ_size() != 2)
      continue;
    const Expr *Cond = decidingCondition(*B);
    if (!Cond)
      continue;
    bool Negated = false;
    Cond = Cond->IgnoreParenImpCasts();
    while (const auto *UO = dyn_cast<UnaryOperator>(Cond)) {
      if (UO->getOpcode() != UO_LNot)
        break;
      Negated = !Negated;
      Cond = UO->getSubExpr()->IgnoreParenImpCasts();
    }
    if (!Writes)
      Writes.emplace(Body);
    bool Mentions = false;
    if (!isStable(Cond, *Writes, Ctx, Cond->getBeginLoc(), Mentions) ||
        !Mentions)
      continue;
    Candidate C{B, {}, Negated};
    Cond->Profile(C.Key, Ctx, /*Canonical=*/true);
    Found.push_back(std::move(C));
  }
  return Found;
}

namespace {
/// The must-analysis: an outcome holds entering a block when it holds on
/// every edge into it.  States only shrink after a block's first visit, so
/// each block is queued at most 2 * Count + 1 times.
struct KnownOutcomes : SolverHooks<llvm::BitVector> {
  using State = llvm::BitVector;
  static constexpr Direction Dir = Direction::Forward;
  const StableConditions &Conditions;
  const CFG &Graph;
  unsigned Width;

  KnownOutcomes(const StableConditions &C, const CFG &G, unsigned Width)
      : Conditions(C), Graph(G), Width(Width) {}
  std::optional<State> seed(const CFGBlock &B) const {
    if (&B != &Graph.getEntry())
      return std::nullopt;
    return llvm::BitVector(Width);
  }
  bool transferBlock(const CFGBlock &, State &) const { return true; }
  bool transferEdge(const CFGBlock &From, unsigned SuccIndex, const CFGBlock &,
                    State &S) const {
    if (From.succ_size() == 2)
      if (auto Outcome = Conditions.outcomeOf(From, SuccIndex == 0))
        S.set(*Outcome);
    return true;
  }
  bool join(State &Into, const State &From) const {
    State Meet = Into;
    Meet &= From;
    if (Meet == Into)
      return false;
    Into = std::move(Meet);
    return true;
  }
};
} // namespace

StableConditions::StableConditions(const CFG &Graph, const Stmt *Body,
                                   ASTContext &Ctx) {
  if (!Body)
    return;
  std::vector<Candidate> Found = stableTests(Graph, Body, Ctx);
  // Keep the conditions tested in two blocks or more.
  std::vector<int> Index(Found.size(), -1);
  for (size_t I = 0; I < Found.size(); ++I) {
    if (Index[I] >= 0)
      continue;
    std::vector<size_t> Same{I};
    for (size_t J = I + 1; J < Found.size(); ++J)
      if (Index[J] < 0 && Found[J].Key == Found[I].Key)
        Same.push_back(J);
    if (Same.size() < 2)
      continue;
    for (size_t J : Same)
      Index[J] = static_cast<int>(Count);
    ++Count;
  }
  if (Count == 0)
    return;
  for (size_t I = 0; I < Found.size(); ++I)
    if (Index[I] >= 0)
      Tests[Found[I].Block->getBlockID()] = {static_cast<unsigned>(Index[I]),
                                             Found[I].Negated};
  KnownOutcomes Problem(*this, Graph, 2 * Count);
  Known.assign(Graph.getNumBlockIDs(), llvm::BitVector());
  MetStates<llvm::BitVector> Met = solve(Graph, Problem);
  for (unsigned Id = 0; Id < Met.size(); ++Id)
    if (Met[Id])
      Known[Id] = std::move(*Met[Id]);
}

std::optional<unsigned> StableConditions::outcomeOf(const CFGBlock &From,
                                                    bool Branch) const {
  auto It = Tests.find(From.getBlockID());
  if (It == Tests.end())
    return std::nullopt;
  bool Holds = Branch != It->second.second;
  return 2 * It->second.first + (Holds ? 0 : 1);
}

llvm::BitVector StableConditions::knownAt(const CFGBlock &B) const {
  if (B.getBlockID() < Known.size() && !Known[B.getBlockID()].empty())
    return Known[B.getBlockID()];
  return llvm::BitVector(2 * Count);
}

} // namespace reapcheck
