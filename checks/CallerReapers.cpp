//===--- CallerReapers.cpp - Functions whose callers reap any child -------===//

#include "CallerReapers.h"
#include "AstHelpers.h"
#include "EnclosingBody.h"
#include "ProcessApiModel.h"
#include "Summaries.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Analysis/CFG.h"

using namespace clang;

namespace reapcheck {

namespace {

const FunctionDecl *canonical(const FunctionDecl *FD) {
  return FD ? FD->getCanonicalDecl() : nullptr;
}

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

/// What a CFG element does for a child left live by a callee: nothing, reap
/// it, end the process, or leave the path for somewhere unknown.
enum class Mark { None, Reaps, Ends, Lost };

/// libc's calls that do not return yet leave the process running: the path
/// goes on elsewhere (a setjmp point, another thread).
bool leavesWithoutEnding(const FunctionDecl &FD) {
  if (!FD.getIdentifier() ||
      !FD.getDeclContext()->getRedeclContext()->isTranslationUnit())
    return false;
  static const llvm::StringRef Names[] = {"longjmp",      "_longjmp",
                                          "siglongjmp",   "__longjmp_chk",
                                          "pthread_exit", "thrd_exit"};
  return llvm::is_contained(Names, FD.getName());
}

/// exec replaces the program, which inherits the children (the check does
/// not follow them there).
bool isExec(const FunctionDecl &FD) {
  if (!FD.getIdentifier() ||
      !FD.getDeclContext()->getRedeclContext()->isTranslationUnit())
    return false;
  static const llvm::StringRef Names[] = {"execl",   "execle",  "execlp",
                                          "execv",   "execve",  "execvp",
                                          "execvpe", "fexecve", "execveat"};
  return llvm::is_contained(Names, FD.getName());
}

/// True when \p Cond (a block's terminator condition) contains \p Call:
/// the loop or branch it decides tests the call's result.
bool conditionContains(const Stmt *Cond, const CallExpr &Call) {
  bool Found = false;
  walkStmts(Cond, Closures::Skip, [&](const Stmt *S) {
    Found |= S == &Call;
    return !Found;
  });
  return Found;
}

/// True when \p Call is tested by the terminator of \p B (`while
/// (wait(&status) > 0)`, `if (wait(NULL) < 0) break;`).
bool isRepeatedByItsResult(const CFGBlock &B, const CallExpr &Call) {
  const Stmt *Cond = B.getTerminatorCondition();
  return Cond && conditionContains(Cond, Call);
}

} // namespace

/// Functions whose every caller the unit may see: internal linkage, and not
/// a method (`obj.f()` names it by a member expression, not a reference).
static bool isCandidate(const FunctionDecl *FD) {
  return FD && !FD->isExternallyVisible() && !isa<CXXMethodDecl>(FD);
}

bool CallerReapers::endsProcess(const CallExpr &Call) {
  const FunctionDecl *FD = Call.getDirectCallee();
  if (!FD)
    return false;
  if (isExec(*FD))
    return true;
  if (!(FD->isNoReturn() || Summaries.isInferredNoReturn(FD)) ||
      leavesWithoutEnding(*FD))
    return false;
  // A noreturn function of the project that longjmps or ends its thread.
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def)
    return true;
  auto Known = EndsProcess.find(Def->getCanonicalDecl());
  if (Known != EndsProcess.end())
    return Known->second;
  bool Ends = true;
  walkStmts(Def->getBody(), Closures::Skip, [&](const Stmt *S) {
    const auto *Inner = dyn_cast<CallExpr>(S);
    const FunctionDecl *Callee = Inner ? Inner->getDirectCallee() : nullptr;
    if (Callee && leavesWithoutEnding(*Callee))
      Ends = false;
    return Ends;
  });
  EndsProcess[Def->getCanonicalDecl()] = Ends;
  return Ends;
}

bool CallerReapers::clearedAfterReturn(const FunctionDecl *FD) {
  if (!isCandidate(FD))
    return false;
  if (!Built)
    build();
  return Cleared.contains(canonical(FD));
}

void CallerReapers::build() {
  Built = true;
  CallList Calls;
  collectUses(Calls);
  if (Calls.empty())
    return;
  // The table calls' targets were filled in by collectUses; group the calls
  // by caller and judge each caller's body once.
  llvm::DenseMap<const FunctionDecl *, std::vector<const CallExpr *>> ByCaller;
  for (const auto &[Call, Caller] : Calls)
    ByCaller[Caller].push_back(Call);
  for (const auto &[Caller, Its] : ByCaller)
    judgeCalls(*Caller, Its);
  // Least fixed point: a function returning to a caller for which the
  // property holds inherits it; recursion proves nothing.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const auto &[FD, Afters] : Sites) {
      if (Reaped.contains(FD) || Escaped.contains(FD) || Afters.empty() ||
          !isCandidate(FD))
        continue;
      bool All = llvm::all_of(Afters, [&](const After &A) {
        if (!A.Covered)
          return false;
        return A.Returns ? Reaped.contains(canonical(A.Caller)) : A.Reaps;
      });
      if (All) {
        Reaped.insert(FD);
        Changed = true;
      }
    }
  }
  // Cleared: every caller reaps or ends the process itself, or returns to
  // callers that reap.
  for (const auto &[FD, Afters] : Sites) {
    if (Escaped.contains(FD) || Afters.empty() || !isCandidate(FD))
      continue;
    if (Reaped.contains(FD) || llvm::all_of(Afters, [&](const After &A) {
          return A.Covered &&
                 (!A.Returns || Reaped.contains(canonical(A.Caller)));
        }))
      Cleared.insert(FD);
  }
}

/// Every use of the unit's functions and private tables: a direct call, an
/// entry of a table, a call through a table's member; any other use lets
/// the function (or the table's functions) be called where the unit cannot
/// see.
void CallerReapers::collectUses(CallList &Calls) {
  llvm::DenseMap<const VarDecl *, std::vector<const FunctionDecl *>> Tables;
  llvm::DenseSet<const VarDecl *> EscapedTables;
  llvm::DenseSet<const DeclRefExpr *> Seen; // Uses already accounted for.
  std::vector<std::pair<const CallExpr *, const VarDecl *>> TableCalls;

  auto Walk = [&](const Stmt *Root, const FunctionDecl *Caller,
                  const VarDecl *Table) {
    walkStmts(Root, Closures::Enter, [&](const Stmt *S) {
      if (isa<UnaryExprOrTypeTraitExpr>(S))
        return false; // sizeof, alignof: not evaluated.
      if (const auto *Call = dyn_cast<CallExpr>(S)) {
        const Expr *Callee = Call->getCallee()->IgnoreParenImpCasts();
        if (const auto *Ref = dyn_cast<DeclRefExpr>(Callee);
            Ref && isa<FunctionDecl>(Ref->getDecl()) && Caller) {
          Seen.insert(Ref);
          Calls.emplace_back(Call, Caller);
        } else if (const MemberExpr *ME = calledMember(*Call)) {
          const DeclRefExpr *TableRef = nullptr;
          if (const VarDecl *Var = tableOfMember(ME, TableRef); Var && Caller) {
            Seen.insert(TableRef);
            TableCalls.emplace_back(Call, Var);
            Calls.emplace_back(Call, Caller);
          }
        }
        return true;
      }
      if (const auto *ME = dyn_cast<MemberExpr>(S)) {
        // Reading a member that is not a function (`tests[i].name`) does
        // not let the table's functions out.
        const DeclRefExpr *TableRef = nullptr;
        if (!mayCarryFunction(ME->getType()) && tableOfMember(ME, TableRef))
          Seen.insert(TableRef);
        return true;
      }
      // A call not resolved yet (in a template) may reach any of the
      // functions it names.
      if (const auto *Overload = dyn_cast<OverloadExpr>(S)) {
        for (const NamedDecl *Named : Overload->decls())
          if (const auto *FD =
                  dyn_cast<FunctionDecl>(Named->getUnderlyingDecl()))
            Escaped.insert(canonical(FD));
        return true;
      }
      const auto *Ref = dyn_cast<DeclRefExpr>(S);
      if (!Ref || Seen.contains(Ref))
        return true;
      if (const auto *FD = dyn_cast<FunctionDecl>(Ref->getDecl())) {
        if (Table)
          Tables[Table].push_back(canonical(FD));
        else
          Escaped.insert(canonical(FD));
      } else if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
                 isPrivateTable(Var) && Var->getCanonicalDecl() != Table) {
        EscapedTables.insert(Var->getCanonicalDecl());
      }
      return true;
    });
  };

  forEachUserDecl(Ctx, [&](const Decl *D) {
    if (const auto *Field = dyn_cast<FieldDecl>(D)) {
      if (Field->hasInClassInitializer() && Field->getInClassInitializer())
        Walk(Field->getInClassInitializer(), nullptr, nullptr);
      return;
    }
    if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
      // Default arguments run at the call sites of FD: not seen there.
      for (const ParmVarDecl *Param : FD->parameters())
        if (Param->hasDefaultArg() && !Param->hasUnparsedDefaultArg() &&
            !Param->hasUninstantiatedDefaultArg())
          Walk(Param->getDefaultArg(), nullptr, nullptr);
      if (!FD->doesThisDeclarationHaveABody())
        return;
      if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD))
        for (const CXXCtorInitializer *Init : Ctor->inits())
          if (Init->getInit())
            Walk(Init->getInit(), FD, nullptr);
      Walk(FD->getBody(), FD, nullptr);
      return;
    }
    if (const auto *Var = dyn_cast<VarDecl>(D); Var && Var->getInit() &&
                                                !isa<ParmVarDecl>(Var) &&
                                                !Var->isLocalVarDecl())
      Walk(Var->getInit(), nullptr,
           isPrivateTable(Var) ? Var->getCanonicalDecl() : nullptr);
  });

  for (const VarDecl *Var : EscapedTables)
    for (const FunctionDecl *FD : Tables.lookup(Var))
      Escaped.insert(FD);
  for (const auto &[Call, Var] : TableCalls)
    if (!EscapedTables.contains(Var))
      TableTargets[Call] = Tables.lookup(Var);
}

void CallerReapers::judgeCalls(const FunctionDecl &Caller,
                               llvm::ArrayRef<const CallExpr *> Calls) {
  auto TargetsOf = [&](const CallExpr *Call) {
    std::vector<const FunctionDecl *> Result;
    if (const FunctionDecl *FD = Call->getDirectCallee())
      Result.push_back(canonical(FD));
    else
      Result = TableTargets.lookup(Call);
    return Result;
  };
  llvm::DenseSet<const CallExpr *> Wanted(Calls.begin(), Calls.end());
  CFG::BuildOptions Options;
  Options.AddInitializers = true;
  Options.setAllAlwaysAdd();
  std::unique_ptr<CFG> Graph = CFG::buildCFG(
      &Caller, const_cast<Stmt *>(Caller.getBody()), &Ctx, Options);

  // Blocks on a cycle of the CFG, found once each.
  llvm::DenseMap<const CFGBlock *, bool> OnCycle;
  auto IsOnCycle = [&](const CFGBlock &B) {
    auto [It, New] = OnCycle.try_emplace(&B, false);
    if (!New)
      return It->second;
    llvm::SmallVector<const CFGBlock *, 16> Work(B.succ_begin(), B.succ_end());
    llvm::SmallPtrSet<const CFGBlock *, 32> Seen;
    while (!Work.empty()) {
      const CFGBlock *S = Work.pop_back_val();
      if (!S || !Seen.insert(S).second)
        continue;
      if (S == &B)
        return OnCycle[&B] = true;
      Work.append(S->succ_begin(), S->succ_end());
    }
    return false;
  };
  auto MarkOf = [&](const CFGBlock &B, const CFGElement &E) {
    auto CS = E.getAs<CFGStmt>();
    const auto *Call = CS ? dyn_cast<CallExpr>(CS->getStmt()) : nullptr;
    if (!Call)
      return Mark::None;
    // A reap of every child that blocks and is repeated until it fails
    // (`while (wait(&status) > 0)`): once reaps only one child, a WNOHANG
    // poll returns while the child runs, waitpid(0) misses a child that
    // changed its process group, and a project function's reap of any
    // child may be any of those.
    if (Model.reapsEveryChild(*Call, Ctx) && !Model.isPollingWait(*Call, Ctx))
      return isRepeatedByItsResult(B, *Call) && IsOnCycle(B) ? Mark::Reaps
                                                             : Mark::None;
    return endsProcess(*Call) ? Mark::Ends : Mark::None;
  };
  // The first mark from element \p From of \p B on.  A block that ends in
  // a call that does not return without ending the process (longjmp,
  // pthread_exit) leaves the path where nothing is known.
  auto FirstMark = [&](const CFGBlock &B, unsigned From) {
    for (unsigned I = From; I < B.size(); ++I)
      if (Mark M = MarkOf(B, B[I]); M != Mark::None)
        return M;
    return B.hasNoReturnElement() ? Mark::Lost : Mark::None;
  };

  llvm::DenseMap<const CFGBlock *, Mark> First;
  // From the start of a block: every path reaches a mark or the exit
  // (Covered); some path reaches a reap first (Reaps), or the exit first
  // (Returns).  Returning from main is a return too: main may return long
  // after the call (an event loop runs in between), and a zombie lives
  // until then.
  llvm::DenseMap<const CFGBlock *, After> From;
  // What follows the end of \p B: covered when every successor is, reaping
  // or returning when some successor is.
  auto FromSuccessors = [&](const CFGBlock &B) {
    After A{&Caller, false, false, false};
    bool Any = false, All = true;
    for (const CFGBlock *S : B.succs()) {
      if (!S)
        continue;
      Any = true;
      auto It = From.find(S);
      All &= It != From.end() && It->second.Covered;
      if (It != From.end()) {
        A.Reaps |= It->second.Reaps;
        A.Returns |= It->second.Returns;
      }
    }
    A.Covered = Any && All;
    return A;
  };
  if (Graph) {
    const CFGBlock *Exit = &Graph->getExit();
    for (const CFGBlock *B : *Graph) {
      First[B] = FirstMark(*B, 0);
      if (B == Exit)
        From[B] = After{&Caller, true, false, true};
      else if (First[B] == Mark::Lost)
        From[B] = After{&Caller, false, false, false};
      else if (First[B] != Mark::None)
        From[B] = After{&Caller, true, First[B] == Mark::Reaps, false};
    }
    // Least fixed points, by rounds over the blocks until none changes.
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (const CFGBlock *B : *Graph) {
        if (First[B] != Mark::None || B == Exit)
          continue;
        After Now = FromSuccessors(*B);
        After &Old = From[B];
        if (Old.Covered != Now.Covered || Old.Reaps != Now.Reaps ||
            Old.Returns != Now.Returns) {
          Old = Now;
          Changed = true;
        }
      }
    }
  }

  // Where each call is, and what follows it there.
  llvm::DenseMap<const CallExpr *, After> AfterCall;
  if (Graph)
    for (const CFGBlock *B : *Graph)
      for (unsigned I = 0; I < B->size(); ++I) {
        auto CS = (*B)[I].getAs<CFGStmt>();
        const auto *Call = CS ? dyn_cast<CallExpr>(CS->getStmt()) : nullptr;
        if (!Call || !Wanted.contains(Call))
          continue;
        After A{&Caller, false, false, false};
        if (Mark M = FirstMark(*B, I + 1); M != Mark::None) {
          A.Covered = M != Mark::Lost;
          A.Reaps = M == Mark::Reaps;
        } else {
          A = FromSuccessors(*B);
        }
        AfterCall[Call] = A;
      }
  // A call the CFG does not show (in a lambda of the caller) proves nothing.
  for (const CallExpr *Call : Calls) {
    auto It = AfterCall.find(Call);
    After A = It != AfterCall.end() ? It->second
                                    : After{&Caller, false, false, false};
    for (const FunctionDecl *Target : TargetsOf(Call))
      Sites[Target].push_back(A);
  }
}

} // namespace reapcheck
