//===--- SignalValues.cpp - Which signals an install may name -------------===//

#include "flow/SignalValues.h"
#include "model/ProcessApiModel.h"
#include "support/AstHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Stmt.h"

using namespace clang;

namespace reapcheck {

/// The constant \p E compares with for \p Var in a loop condition that
/// bounds it from above (`s < NSIG`, `s <= 31`, `s != NSIG`): one past the
/// last value it takes.
static std::optional<int64_t> upperBound(const Expr *Cond, const VarDecl &Var,
                                         ASTContext &Ctx) {
  const auto *Test =
      dyn_cast_or_null<BinaryOperator>(Cond ? Cond->IgnoreParenImpCasts() : nullptr);
  if (!Test || varOf(Test->getLHS()) != &Var)
    return std::nullopt;
  auto Bound = constantOf(Test->getRHS(), Ctx);
  if (!Bound)
    return std::nullopt;
  if (Test->getOpcode() == BO_LT || Test->getOpcode() == BO_NE)
    return *Bound;
  if (Test->getOpcode() == BO_LE)
    return *Bound + 1;
  return std::nullopt;
}

/// The value a for-loop's init statement gives \p Var (`int s = 1`, `s =
/// 1`), if constant.
static std::optional<int64_t> initialValue(const Stmt *Init, const VarDecl &Var,
                                           ASTContext &Ctx) {
  if (const auto *Decl = dyn_cast_or_null<DeclStmt>(Init))
    if (Decl->isSingleDecl() && Decl->getSingleDecl() == &Var && Var.getInit())
      return constantOf(Var.getInit(), Ctx);
  if (const auto *Assign = dyn_cast_or_null<BinaryOperator>(Init))
    if (Assign->getOpcode() == BO_Assign && varOf(Assign->getLHS()) == &Var)
      return constantOf(Assign->getRHS(), Ctx);
  return std::nullopt;
}

namespace {
/// `X[i]` or `X[i].f`: the array X (with a brace initialiser), the
/// counter i, and the member f if any.
struct TableRead {
  const InitListExpr *Rows = nullptr;
  const VarDecl *Counter = nullptr;
  const FieldDecl *Member = nullptr;
};
} // namespace

static const InitListExpr *semanticList(const Expr *E) {
  const auto *List = dyn_cast_or_null<InitListExpr>(E ? E->IgnoreParens() : nullptr);
  if (List && List->isSyntacticForm() && List->getSemanticForm())
    List = List->getSemanticForm();
  return List;
}

/// The array \p Start (`table`, `&table[0]`) names, with a brace
/// initialiser.
static const InitListExpr *rowsAt(const Expr *Start) {
  const Expr *Init = Start->IgnoreParenImpCasts();
  if (const auto *Addr = dyn_cast<UnaryOperator>(Init))
    if (Addr->getOpcode() == UO_AddrOf)
      if (const auto *First =
              dyn_cast<ArraySubscriptExpr>(Addr->getSubExpr()->IgnoreParens()))
        Init = First->getBase()->IgnoreParenImpCasts();
  const VarDecl *Array = varOf(Init);
  return Array && Array->getType()->isArrayType() ? semanticList(Array->getInit())
                                                  : nullptr;
}

/// The array a local pointer starts at: its initialiser (`const struct sig
/// *p = table`), else the one array its function assigns it (nginx's `for
/// (sig = signals; sig->signo != 0; sig++)`).
static const InitListExpr *rowsPointedAtBy(const VarDecl *P) {
  if (!P || !P->getType()->isPointerType() || !P->isLocalVarDecl())
    return nullptr;
  if (P->getInit())
    return rowsAt(P->getInit());
  const auto *Function = dyn_cast<FunctionDecl>(P->getDeclContext());
  const InitListExpr *Rows = nullptr;
  bool Other = false;
  walkStmts(Function ? Function->getBody() : nullptr, Closures::Enter,
            [&](const Stmt *S) {
              const auto *Assign = dyn_cast<BinaryOperator>(S);
              if (Assign && Assign->getOpcode() == BO_Assign &&
                  varOf(Assign->getLHS()) == P) {
                const InitListExpr *Found = rowsAt(Assign->getRHS());
                Other = Other || !Found || (Rows && Rows != Found);
                Rows = Found;
              }
              return !Other;
            });
  return Other ? nullptr : Rows;
}

static std::optional<TableRead> tableRead(const Expr *E) {
  TableRead R;
  E = skipTransparent(E);
  if (const auto *Member = dyn_cast_or_null<MemberExpr>(E)) {
    // A table walked with a pointer (`for (p = table; p->sig; p++)`):
    // the pointer is the counter.
    if (Member->isArrow()) {
      R.Member = dyn_cast<FieldDecl>(Member->getMemberDecl());
      R.Counter = varOf(Member->getBase());
      R.Rows = rowsPointedAtBy(R.Counter);
      if (!R.Member || !R.Rows)
        return std::nullopt;
      return R;
    }
    R.Member = dyn_cast<FieldDecl>(Member->getMemberDecl());
    if (!R.Member)
      return std::nullopt;
    E = skipTransparent(Member->getBase());
  }
  const auto *Element = dyn_cast_or_null<ArraySubscriptExpr>(E);
  const VarDecl *Array = Element ? varOf(Element->getBase()) : nullptr;
  R.Rows = semanticList(Array ? Array->getInit() : nullptr);
  R.Counter = Element ? varOf(Element->getIdx()) : nullptr;
  if (!R.Rows || (R.Member && !R.Counter))
    return std::nullopt;
  return R;
}

/// What row \p Row of a table read gives, or null.
static const Expr *rowValue(const TableRead &R, unsigned Row) {
  if (Row >= R.Rows->getNumInits())
    return nullptr;
  const Expr *Value = R.Rows->getInit(Row);
  if (!R.Member)
    return Value;
  const InitListExpr *Fields = semanticList(Value);
  unsigned Index = R.Member->getFieldIndex();
  if (!Fields || Fields->getType()->isUnionType() ||
      Index >= Fields->getNumInits())
    return nullptr;
  return Fields->getInit(Index);
}

std::optional<TableRow> sigchldTableRow(const Expr &Sig, ASTContext &Ctx) {
  auto Read = tableRead(&Sig);
  if (!Read || !Read->Counter)
    return std::nullopt;
  std::optional<TableRow> Found;
  for (unsigned Row = 0; Row < Read->Rows->getNumInits(); ++Row)
    if (const Expr *Value = rowValue(*Read, Row))
      if (ProcessApiModel::isSigchld(*Value, Ctx))
        Found = TableRow{Read->Counter, Row};
  return Found;
}

const Expr *inTableRow(const Expr *E, const std::optional<TableRow> &Row) {
  if (!E || !Row)
    return E;
  auto Read = tableRead(E);
  if (!Read || Read->Counter != Row->Counter)
    return E;
  const Expr *Value = rowValue(*Read, Row->Row);
  return Value && !isa<ImplicitValueInitExpr>(Value) ? Value : E;
}

bool namesSigchldArgument(const Expr &Arg, ASTContext &Ctx) {
  if (ProcessApiModel::isSigchld(Arg, Ctx))
    return true;
  const auto *Ref = dyn_cast<DeclRefExpr>(Arg.IgnoreParenImpCasts());
  const auto *Array = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  const InitListExpr *List =
      Array && Array->getType()->isArrayType() ? semanticList(Array->getInit())
                                               : nullptr;
  return List && llvm::any_of(List->inits(), [&](const Expr *Init) {
           return ProcessApiModel::isSigchld(*Init, Ctx);
         });
}

bool mayNameSigchld(const Expr &Sig, const CallExpr &Call,
                           ASTContext &Ctx) {
  if (ProcessApiModel::isSigchld(Sig, Ctx))
    return true;
  const Expr *E = skipTransparent(&Sig);
  if (sigchldTableRow(Sig, Ctx))
    return true;
  if (auto Read = tableRead(E))
    if (!Read->Member) // `sigs[k]`, whatever k is.
      return llvm::any_of(Read->Rows->inits(), [&](const Expr *Init) {
        return ProcessApiModel::isSigchld(*Init, Ctx);
      });
  const VarDecl *Counter = varOf(E);
  if (!Counter || !Counter->getType()->isIntegerType())
    return false;
  for (DynTypedNodeList Up = Ctx.getParents(Call); !Up.empty();
       Up = Ctx.getParents(Up[0])) {
    const auto *Loop = Up[0].get<ForStmt>();
    if (!Loop)
      continue;
    auto From = initialValue(Loop->getInit(), *Counter, Ctx);
    auto To = upperBound(Loop->getCond(), *Counter, Ctx);
    if (From && To)
      return *From <= SigchldOnLinux && SigchldOnLinux < *To;
  }
  return false;
}

} // namespace reapcheck
