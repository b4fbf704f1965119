//===--- CallUses.cpp - Where the unit's functions are called -------------===//

#include "unit/CallUses.h"
#include "support/AstHelpers.h"
#include "support/EnclosingBody.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace reapcheck {

namespace {

/// A variable of file scope and internal linkage whose initialiser may name
/// functions: a table of callbacks seen whole by the unit.
bool isPrivateTable(const VarDecl *Var) {
  return Var && Var->isFileVarDecl() && !Var->isExternallyVisible();
}

/// The table variable \p E reads a member of: `tests[i].function`,
/// `ops.run`, `(&tbl[i])->fn`; null otherwise.  \p Ref is set to its
/// reference.
const VarDecl *tableOfMember(const MemberExpr *ME, const DeclRefExpr *&Ref) {
  const Expr *Base = ME->getBase()->IgnoreParenImpCasts();
  if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(Base))
    Base = Sub->getBase()->IgnoreParenImpCasts();
  else if (const auto *Addr = dyn_cast<UnaryOperator>(Base);
           Addr && Addr->getOpcode() == UO_AddrOf)
    if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(
            Addr->getSubExpr()->IgnoreParenImpCasts()))
      Base = Sub->getBase()->IgnoreParenImpCasts();
  Ref = dyn_cast<DeclRefExpr>(Base);
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return isPrivateTable(Var) ? Var->getCanonicalDecl() : nullptr;
}

/// The member a call goes through: `tests[i].function()`,
/// `(*tests[i].function)()`.
const MemberExpr *calledMember(const CallExpr &Call) {
  const Expr *Callee = Call.getCallee()->IgnoreParenImpCasts();
  if (const auto *Deref = dyn_cast<UnaryOperator>(Callee);
      Deref && Deref->getOpcode() == UO_Deref)
    Callee = Deref->getSubExpr()->IgnoreParenImpCasts();
  return dyn_cast<MemberExpr>(Callee);
}

/// The table an element of which is called: `init_steps[i]()`,
/// `(*handlers[n])()`; null otherwise.  \p Ref is set to its reference.
const VarDecl *calledElementTable(const CallExpr &Call,
                                  const DeclRefExpr *&Ref) {
  const Expr *Callee = Call.getCallee()->IgnoreParenImpCasts();
  if (const auto *Deref = dyn_cast<UnaryOperator>(Callee);
      Deref && Deref->getOpcode() == UO_Deref)
    Callee = Deref->getSubExpr()->IgnoreParenImpCasts();
  const auto *Sub = dyn_cast<ArraySubscriptExpr>(Callee);
  Ref = Sub ? dyn_cast<DeclRefExpr>(Sub->getBase()->IgnoreParenImpCasts())
            : nullptr;
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return isPrivateTable(Var) ? Var->getCanonicalDecl() : nullptr;
}

/// True when a value of type \p T may be or lead to a function: a function
/// pointer, a struct or array (of them), a pointer to one or to void.
bool mayCarryFunction(QualType T) {
  if (T->isFunctionPointerType() || T->isFunctionType() ||
      T->isBlockPointerType() || T->isMemberPointerType() ||
      T->isRecordType() || T->isArrayType())
    return true;
  if (!T->isPointerType())
    return false;
  QualType Pointee = T->getPointeeType();
  return Pointee->isRecordType() || Pointee->isArrayType() ||
         Pointee->isPointerType() || Pointee->isVoidType();
}

/// The walk of the unit.  A use already accounted for (a call's callee, a
/// table read for a non-function member) is remembered in Seen, so that the
/// reference itself does not count as an escape.
class UseCollector {
public:
  explicit UseCollector(CallUses &Out) : Out(Out) {}

  void walk(const Stmt *Root, const FunctionDecl *Caller,
            const VarDecl *Table) {
    walkStmts(Root, Closures::Enter, [&](const Stmt *S) {
      if (isa<UnaryExprOrTypeTraitExpr>(S))
        return false; // sizeof, alignof: not evaluated.
      if (const auto *Call = dyn_cast<CallExpr>(S))
        onCall(*Call, Caller);
      else if (const auto *ME = dyn_cast<MemberExpr>(S))
        onMember(*ME);
      else if (const auto *Overload = dyn_cast<OverloadExpr>(S))
        onOverload(*Overload);
      else if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
        onReference(*Ref, Table);
      return true;
    });
  }
  void walkDecl(const Decl *D);
  void finish();

private:
  void onCall(const CallExpr &Call, const FunctionDecl *Caller);
  void onMember(const MemberExpr &ME);
  void onOverload(const OverloadExpr &Overload);
  void onReference(const DeclRefExpr &Ref, const VarDecl *Table);

  CallUses &Out;
  llvm::DenseMap<const VarDecl *, std::vector<const FunctionDecl *>> Tables;
  llvm::DenseSet<const VarDecl *> EscapedTables;
  llvm::DenseSet<const DeclRefExpr *> Seen;
  std::vector<std::pair<const CallExpr *, const VarDecl *>> TableCalls;
};

} // namespace

void UseCollector::onCall(const CallExpr &Call, const FunctionDecl *Caller) {
  const Expr *Callee = Call.getCallee()->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Callee);
      Ref && isa<FunctionDecl>(Ref->getDecl()) && Caller) {
    Seen.insert(Ref);
    Out.Calls.emplace_back(&Call, Caller);
  } else if (const MemberExpr *ME = calledMember(Call)) {
    const DeclRefExpr *TableRef = nullptr;
    if (const VarDecl *Var = tableOfMember(ME, TableRef); Var && Caller) {
      Seen.insert(TableRef);
      TableCalls.emplace_back(&Call, Var);
      Out.Calls.emplace_back(&Call, Caller);
    }
  } else if (const DeclRefExpr *TableRef = nullptr;
             const VarDecl *Var = calledElementTable(Call, TableRef)) {
    if (Caller) {
      Seen.insert(TableRef);
      TableCalls.emplace_back(&Call, Var);
      Out.Calls.emplace_back(&Call, Caller);
    }
  }
}

/// Reading a member that is not a function (`tests[i].name`) does not let
/// the table's functions out.
void UseCollector::onMember(const MemberExpr &ME) {
  const DeclRefExpr *TableRef = nullptr;
  if (!mayCarryFunction(ME.getType()) && tableOfMember(&ME, TableRef))
    Seen.insert(TableRef);
}

/// A call not resolved yet (in a template) may reach any of the functions
/// it names.
void UseCollector::onOverload(const OverloadExpr &Overload) {
  for (const NamedDecl *Named : Overload.decls())
    if (const auto *FD = dyn_cast<FunctionDecl>(Named->getUnderlyingDecl()))
      Out.Escaped.insert(canonical(FD));
}

void UseCollector::onReference(const DeclRefExpr &Ref, const VarDecl *Table) {
  if (Seen.contains(&Ref))
    return;
  if (const auto *FD = dyn_cast<FunctionDecl>(Ref.getDecl())) {
    if (Table)
      Tables[Table].push_back(canonical(FD));
    else
      Out.Escaped.insert(canonical(FD));
  } else if (const auto *Var = dyn_cast<VarDecl>(Ref.getDecl());
             isPrivateTable(Var) && Var->getCanonicalDecl() != Table) {
    EscapedTables.insert(Var->getCanonicalDecl());
  }
}

void UseCollector::walkDecl(const Decl *D) {
  if (const auto *Field = dyn_cast<FieldDecl>(D)) {
    if (Field->hasInClassInitializer() && Field->getInClassInitializer())
      walk(Field->getInClassInitializer(), nullptr, nullptr);
    return;
  }
  if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
    // Default arguments run at the call sites of FD: not seen there.
    for (const ParmVarDecl *Param : FD->parameters())
      if (Param->hasDefaultArg() && !Param->hasUnparsedDefaultArg() &&
          !Param->hasUninstantiatedDefaultArg())
        walk(Param->getDefaultArg(), nullptr, nullptr);
    if (!FD->doesThisDeclarationHaveABody())
      return;
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD))
      for (const CXXCtorInitializer *Init : Ctor->inits())
        if (Init->getInit())
          walk(Init->getInit(), FD, nullptr);
    walk(FD->getBody(), FD, nullptr);
    return;
  }
  if (const auto *Var = dyn_cast<VarDecl>(D); Var && Var->getInit() &&
                                              !isa<ParmVarDecl>(Var) &&
                                              !Var->isLocalVarDecl())
    walk(Var->getInit(), nullptr,
         isPrivateTable(Var) ? Var->getCanonicalDecl() : nullptr);
}

void UseCollector::finish() {
  for (const VarDecl *Var : EscapedTables)
    for (const FunctionDecl *FD : Tables.lookup(Var))
      Out.Escaped.insert(FD);
  for (const auto &[Call, Var] : TableCalls)
    if (!EscapedTables.contains(Var))
      Out.TableTargets[Call] = Tables.lookup(Var);
}

bool callsThroughTable(const CallExpr &Call) {
  const DeclRefExpr *Ref = nullptr;
  if (const MemberExpr *ME = calledMember(Call))
    return tableOfMember(ME, Ref) != nullptr;
  return calledElementTable(Call, Ref) != nullptr;
}

CallUses collectCallUses(ASTContext &Ctx) {
  CallUses Out;
  UseCollector Collector(Out);
  forEachUserDecl(Ctx, [&](const Decl *D) { Collector.walkDecl(D); });
  Collector.finish();
  return Out;
}

} // namespace reapcheck
