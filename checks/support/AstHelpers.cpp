//===--- AstHelpers.cpp - Small AST queries shared by the analysis --------===//

#include "support/AstHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/FileSystem.h"

using namespace clang;

namespace reapcheck {

/// True when \p S is a loop whose condition is absent or a constant true.
static bool isEndlessLoop(const Stmt *S) {
  auto AlwaysTrue = [](const Expr *Cond) {
    if (!Cond)
      return true;
    const auto *Literal =
        dyn_cast<IntegerLiteral>(Cond->IgnoreParenImpCasts());
    const auto *Bool = dyn_cast<CXXBoolLiteralExpr>(Cond->IgnoreParenImpCasts());
    return (Literal && Literal->getValue() != 0) || (Bool && Bool->getValue());
  };
  if (const auto *For = dyn_cast<ForStmt>(S))
    return AlwaysTrue(For->getCond());
  if (const auto *While = dyn_cast<WhileStmt>(S))
    return AlwaysTrue(While->getCond());
  if (const auto *Do = dyn_cast<DoStmt>(S))
    return AlwaysTrue(Do->getCond());
  return false;
}

/// True when a `break` of the loop \p S is in leaves it (\p Nested: one
/// of a loop or a switch nested in it, which does not), or a `goto` may.
static bool leftByJump(const Stmt *S, bool Nested) {
  if (!S || isa<LambdaExpr, BlockExpr>(S))
    return false;
  if (isa<GotoStmt, IndirectGotoStmt>(S) || (isa<BreakStmt>(S) && !Nested))
    return true;
  for (const Stmt *Child : S->children())
    if (leftByJump(Child, Nested || isa<ForStmt, WhileStmt, DoStmt, SwitchStmt,
                                        CXXForRangeStmt>(Child)))
      return true;
  return false;
}

bool isServingLoop(const Stmt *S) {
  if (!S || !isEndlessLoop(S))
    return false;
  for (const Stmt *Child : S->children())
    if (leftByJump(Child, isa_and_nonnull<ForStmt, WhileStmt, DoStmt,
                                          SwitchStmt, CXXForRangeStmt>(Child)))
      return false;
  return true;
}


const Expr *skipTransparent(const Expr *E) {
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

bool isTransparent(const Stmt *S) {
  return isa<ParenExpr, ImplicitCastExpr, ExplicitCastExpr, ExprWithCleanups,
             MaterializeTemporaryExpr, CXXBindTemporaryExpr>(S);
}

const VarDecl *varOf(const Expr *E) {
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(skipTransparent(E)))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

llvm::SmallVector<const Expr *, 2> valueArms(const Expr *E) {
  llvm::SmallVector<const Expr *, 2> Arms;
  llvm::SmallVector<const Expr *, 2> Work{E};
  while (!Work.empty()) {
    const Expr *Value = skipTransparent(Work.pop_back_val());
    if (!Value)
      continue;
    if (const auto *Cond = dyn_cast<AbstractConditionalOperator>(Value)) {
      Work.push_back(Cond->getFalseExpr());
      Work.push_back(Cond->getTrueExpr());
      continue;
    }
    // A GNU statement expression has the value of its last statement:
    // busybox's `xvfork()` is `({ pid_t p = vfork(); ...; p; })`.
    if (const auto *Block = dyn_cast<StmtExpr>(Value)) {
      const CompoundStmt *Body = Block->getSubStmt();
      if (const auto *Last = dyn_cast_or_null<Expr>(
              Body->body_empty() ? nullptr : Body->body_back())) {
        Work.push_back(Last);
        continue;
      }
    }
    Arms.push_back(Value);
  }
  return Arms;
}

std::optional<int64_t> constantOf(const Expr *E, ASTContext &Ctx) {
  E = skipTransparent(E);
  if (!E || E->isValueDependent() || E->isTypeDependent())
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

const Expr *skipZeroOffset(const Expr *E, ASTContext &Ctx) {
  E = skipTransparent(E);
  while (const auto *BO = dyn_cast_or_null<BinaryOperator>(E)) {
    if (!BO->isAdditiveOp())
      break;
    if (constantOf(BO->getRHS(), Ctx) == 0)
      E = skipTransparent(BO->getLHS());
    else if (BO->getOpcode() == BO_Add && constantOf(BO->getLHS(), Ctx) == 0)
      E = skipTransparent(BO->getRHS());
    else
      break;
  }
  return E;
}

bool isPidType(QualType T) {
  while (const auto *Typedef = T->getAs<TypedefType>()) {
    StringRef Name = Typedef->getDecl()->getName();
    if (Name == "pid_t" || Name == "__pid_t")
      return true;
    T = Typedef->getDecl()->getUnderlyingType();
  }
  return false;
}

bool mayCarryChild(QualType T) {
  T = T.getCanonicalType();
  if (T->isReferenceType())
    return false;
  if (T->isIntegerType())
    return !T->isBooleanType() && !T->isAnyCharacterType() &&
           !T->isEnumeralType();
  if (!T->isPointerType())
    return false;
  QualType Pointee = T->getPointeeType().getCanonicalType();
  if (Pointee->isVoidType())
    return true;
  // glibc's and musl's FILE is `struct _IO_FILE`.
  const auto *Record = Pointee->getAsRecordDecl();
  return Record && Record->getIdentifier() &&
         (Record->getName() == "_IO_FILE" || Record->getName() == "FILE");
}

const FunctionDecl *functionNamedBy(const Expr *E) {
  if (!E)
    return nullptr;
  // Casts too: old code casts its handler to the handler type
  // (`(void (*)(int)) zhandler`), and the cast still names the function.
  E = E->IgnoreParenCasts();
  if (const auto *Addr = dyn_cast<UnaryOperator>(E))
    if (Addr->getOpcode() == UO_AddrOf)
      E = Addr->getSubExpr()->IgnoreParenCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return dyn_cast<FunctionDecl>(Ref->getDecl());
  return nullptr;
}

llvm::StringRef writtenText(const Expr &E, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Range = SM.getExpansionRange(E.getSourceRange());
  return Lexer::getSourceText(Range, SM, Ctx.getLangOpts());
}

std::string mainFilePath(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  auto Main = SM.getFileEntryRefForID(SM.getMainFileID());
  if (!Main)
    return "";
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Main->getName(), Real))
    return Main->getName().str();
  return std::string(Real);
}

} // namespace reapcheck
