//===--- Owners.cpp - Children kept beyond the function -------------------===//

#include "unit/Owners.h"
#include "flow/PollRepeats.h"
#include "unit/CallUses.h"
#include "support/AstHelpers.h"
#include "support/Compat.h"
#include "support/EnclosingBody.h"
#include "facts/ProjectFacts.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace reapcheck {

//===----------------------------------------------------------------------===//
// Which holders can be judged from this unit.
//===----------------------------------------------------------------------===//

static bool allMethodsDefined(const CXXRecordDecl &Class) {
  for (const CXXMethodDecl *M : Class.methods()) {
    if (M->isImplicit() || M->isDeleted() || M->isDefaulted() ||
        isPureVirtual(*M))
      continue;
    if (!M->isDefined())
      return false;
  }
  return true;
}

bool OwnerJudge::isJudgeable(const ValueDecl *Holder) const {
  const SourceManager &SM = Ctx.getSourceManager();
  if (const auto *V = dyn_cast<VarDecl>(Holder))
    return !V->isExternallyVisible();
  const auto *Field = dyn_cast<FieldDecl>(Holder);
  if (!Field)
    return false;
  const RecordDecl *Record = Field->getParent();
  bool InMainFile = SM.isInMainFile(SM.getExpansionLoc(Record->getLocation()));
  const auto *Class = dyn_cast<CXXRecordDecl>(Record);
  if (!Class || !Class->hasDefinition())
    return InMainFile;
  if (Class->hasFriends())
    return false;
  if (!allMethodsDefined(*Class))
    return false;
  return InMainFile || Field->getAccess() == AS_private;
}

std::string OwnerJudge::ownerOf(const ValueDecl *Holder) const {
  // A class's duty is its members'; a plain struct's is the file's.
  const auto *Field = dyn_cast<FieldDecl>(Holder);
  const auto *Class =
      Field ? dyn_cast<CXXRecordDecl>(Field->getParent()) : nullptr;
  if (!Class || Class->getName().empty() || !Class->hasDefinition())
    return "this file";
  for (const CXXMethodDecl *M : Class->methods())
    if (!M->isImplicit())
      return "'" + Class->getNameAsString() + "'";
  return "this file";
}

//===----------------------------------------------------------------------===//
// The walk.
//===----------------------------------------------------------------------===//

void OwnerJudge::mark(const ValueDecl *Holder, HolderDuty Duty) {
  HolderVerdict &V = Verdicts[Holder];
  // Reaped wins over handed on; both over neglected.
  if (V.Duty == HolderDuty::Neglected || Duty == HolderDuty::Reaped)
    V.Duty = Duty;
}

void OwnerJudge::judge(llvm::ArrayRef<const ValueDecl *> Holders) {
  bool Any = false;
  for (const ValueDecl *H : Holders) {
    if (Verdicts.count(H))
      continue;
    HolderVerdict &V = Verdicts[H];
    // With facts, a holder other files use is judged with their uses: a
    // field of a struct in a project header is the project's duty.
    bool Here = isJudgeable(H);
    if (!Here &&
        (!Facts || Facts->holderDuty(usrOf(H)) == HolderDuty::Unjudged))
      continue;
    V.Duty = HolderDuty::Neglected;
    V.Owner = ownerOf(H);
    if (!Here && V.Owner == "this file")
      V.Owner = "the project";
    Any = true;
  }
  if (!Any)
    return;
  forEachUserBody(Ctx, [this](const Decl *Owner, const Stmt *Body) {
    scanBody(Owner, Body);
  });
  finish();
}

void OwnerJudge::judgeAllUses(llvm::ArrayRef<const ValueDecl *> Stored) {
  AllHolders = true;
  for (const ValueDecl *H : Stored)
    Verdicts[H].Duty = HolderDuty::Neglected;
  forEachUserBody(Ctx, [this](const Decl *Owner, const Stmt *Body) {
    scanBody(Owner, Body);
  });
  finish();
}

void OwnerJudge::finish() {
  const SourceManager &SM = Ctx.getSourceManager();
  for (auto &Entry : Verdicts) {
    HolderVerdict &V = Entry.second;
    if ((AnyReapAny || PolledByReapAny.contains(Entry.first)) &&
        V.Duty == HolderDuty::Neglected)
      V.Duty = HolderDuty::Reaped;
    if (Facts && V.Duty == HolderDuty::Neglected) {
      std::string Usr = usrOf(Entry.first);
      HolderDuty Elsewhere = Facts->holderDuty(Usr);
      if (Elsewhere == HolderDuty::Reaped || Elsewhere == HolderDuty::HandedOn)
        V.Duty = Elsewhere;
      V.SignalledElsewhere = Facts->holderSignalled(Usr);
    }
    std::sort(V.Signals.begin(), V.Signals.end(),
              [&SM](const HolderSignal &A, const HolderSignal &B) {
                return SM.isBeforeInTranslationUnit(
                    SM.getExpansionLoc(A.Call->getBeginLoc()),
                    SM.getExpansionLoc(B.Call->getBeginLoc()));
              });
  }
}

const HolderVerdict &OwnerJudge::verdict(const ValueDecl *Holder) const {
  static const HolderVerdict Unjudged;
  auto It = Verdicts.find(Holder);
  return It == Verdicts.end() ? Unjudged : It->second;
}

void OwnerJudge::useAsArgument(const ValueDecl *Holder, const CallExpr &Call,
                               unsigned Index, const Decl *In) {
  if (isa<CXXOperatorCallExpr>(Call))
    return; // `kids_[i]`, `out << child_`: reads.
  switch (Model.roleForArg(Call, Index, Ctx)) {
  case CallRole::Poll:
    // A WNOHANG poll reaps only once the child has exited: one that runs
    // once (a stop() right after kill(), a destructor) usually comes too
    // early; one that repeats reaps (pollRepeats).
    if (!pollRepeats(Call, Holder, In))
      return;
    return mark(Holder, HolderDuty::Reaped);
  case CallRole::Reap:
  case CallRole::Fclose: // Reported at the fclose() itself.
    return mark(Holder, HolderDuty::Reaped);
  case CallRole::Signal:
    Verdicts[Holder].Signals.push_back({&Call, In});
    return;
  case CallRole::HandOff:
    return mark(Holder, HolderDuty::HandedOn);
  case CallRole::Harmless:
  case CallRole::ReapAny:
  case CallRole::SigchldIgnore:
  case CallRole::Start: // posix_spawn(&child_, ...) of its own.
    return;
  case CallRole::Unknown:
    break;
  }
  const FunctionDecl *Callee = Call.getDirectCallee();
  if (ProcessApiModel::takesNoOwnership(Callee, Index, Ctx))
    return;
  switch (Summaries.paramSummary(Callee, Index, Ctx)) {
  case ParamSummary::Reaps:
    return mark(Holder, HolderDuty::Reaped);
  case ParamSummary::Harmless:
    return;
  case ParamSummary::Unknown:
    break;
  }
  if (insertedInto(Call) == Holder)
    return; // Stored into the holder itself.
  mark(Holder, HolderDuty::HandedOn);
}

/// True when the WNOHANG poll \p Call of \p Holder, in \p In, may run again
/// until the child has exited.  It does in a loop's condition, in a loop
/// that runs until something breaks out, in a closure of the body being
/// scanned, and in a function that is a callback (its address is taken:
/// registered with a timer, an event loop, a signal; or a virtual method, a
/// framework's hook).  It runs once in a destructor, and where the same
/// function signalled the holder first (a stop() right after kill()): the
/// child has usually not exited yet.  Elsewhere (a tick of callers the unit
/// does not show) it is taken to repeat.
bool OwnerJudge::pollRepeats(const CallExpr &Call, const ValueDecl *Holder,
                             const Decl *In) {
  if (RepeatsOf) {
    collectRepeats(RepeatsOf);
    Parents.emplace(const_cast<Stmt *>(RepeatsOf));
    RepeatsOf = nullptr;
  }
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation At = SM.getExpansionLoc(Call.getBeginLoc());
  auto Within = [&](llvm::ArrayRef<SourceRange> Ranges) {
    return llvm::any_of(Ranges, [&](SourceRange R) {
      return !SM.isBeforeInTranslationUnit(At, R.getBegin()) &&
             !SM.isBeforeInTranslationUnit(R.getEnd(), At);
    });
  };
  // A drain that stops at the first 0 runs once there, unless a loop
  // around it runs it again.
  if ((RepeatingCalls.contains(&Call) || Within(RepeatingLoops)) &&
      pollRunsAgain(Call, *Parents, Ctx))
    return true;
  if (Within(Repeating))
    return true;
  const auto *FD = dyn_cast_or_null<FunctionDecl>(In);
  if (!FD)
    return true;
  if (isa<CXXDestructorDecl>(FD))
    return false;
  if (const auto *Method = dyn_cast<CXXMethodDecl>(FD); Method &&
                                                        Method->isVirtual())
    return true;
  if (!Callbacks)
    Callbacks = collectCallUses(Ctx).Escaped;
  if (Callbacks->contains(FD->getCanonicalDecl()))
    return true;
  return llvm::none_of(Verdicts[Holder].Signals, [&](const HolderSignal &S) {
    return S.In == In &&
           SM.isBeforeInTranslationUnit(SM.getExpansionLoc(S.Call->getBeginLoc()),
                                        At);
  });
}

/// Where a poll repeats in \p Body: its closures, loops that run until
/// something breaks out (`for (;;)`, `while (1)`), and the conditions of
/// other loops (`while (waitpid(child_, &st, WNOHANG) == 0)`).  A loop over
/// other things (`for (auto &j : jobs_)`) polls each child once.
void OwnerJudge::collectRepeats(const Stmt *Body) {
  Repeating.clear();
  RepeatingLoops.clear();
  RepeatingCalls.clear();
  const SourceManager &SM = Ctx.getSourceManager();
  auto Range = [&](const Stmt *S, std::vector<SourceRange> &Into) {
    Into.push_back({SM.getExpansionLoc(S->getBeginLoc()),
                    SM.getExpansionLoc(S->getEndLoc())});
  };
  walkStmts(Body, Closures::Enter, [&](const Stmt *S) {
    const Expr *Cond = nullptr;
    if (isa<LambdaExpr, BlockExpr>(S))
      Range(S, Repeating);
    else if (const auto *For = dyn_cast<ForStmt>(S))
      Cond = For->getCond();
    else if (const auto *While = dyn_cast<WhileStmt>(S))
      Cond = While->getCond();
    else if (const auto *Do = dyn_cast<DoStmt>(S))
      Cond = Do->getCond();
    else
      return true;
    if (isa<ForStmt, WhileStmt, DoStmt>(S)) {
      if (auto Value = Cond ? constantOf(Cond, Ctx) : std::optional<int64_t>(1);
          Value && *Value != 0)
        Range(S, RepeatingLoops);
      else
        walkStmts(Cond, Closures::Skip, [&](const Stmt *Inner) {
          if (const auto *Call = dyn_cast<CallExpr>(Inner))
            RepeatingCalls.insert(Call);
          return true;
        });
    }
    return true;
  });
}

/// A reap of any child covers every holder; a WNOHANG one only the holders
/// for which it repeats, as a poll of the holder itself would.
void OwnerJudge::noteReapAny(const CallExpr &Call, const Decl *In) {
  if (!Model.isPollingWait(Call, Ctx)) {
    AnyReapAny = true;
    return;
  }
  llvm::SmallVector<const ValueDecl *, 8> Holders;
  for (const auto &Entry : Verdicts)
    Holders.push_back(Entry.first);
  for (const ValueDecl *H : Holders)
    if (pollRepeats(Call, H, In))
      PolledByReapAny.insert(H);
}

/// \p H when it is a holder being judged (in index mode, every holder).
const ValueDecl *OwnerJudge::judged(const ValueDecl *H) {
  if (H && AllHolders && !Verdicts.count(H))
    Verdicts[H].Duty = HolderDuty::Neglected;
  auto It = Verdicts.find(H);
  return It != Verdicts.end() && It->second.Duty != HolderDuty::Unjudged
             ? H
             : nullptr;
}

/// The holder \p E stands for: the holder itself, a local copy of it
/// (\p Copies), or an element, an iterator or a structured binding of the
/// container it comes from (`kv.first`, `it->first`, `[pid, job]`).
const ValueDecl *OwnerJudge::holderIn(const Expr *E, const CopyMap &Copies) {
  const Expr *Inner = skipZeroOffset(E, Ctx);
  if (const auto *Neg = dyn_cast_or_null<UnaryOperator>(Inner))
    if (Neg->getOpcode() == UO_Minus)
      Inner = Neg->getSubExpr();
  if (const auto *Ref = dyn_cast_or_null<DeclRefExpr>(skipTransparent(Inner)))
    if (const auto *Binding = dyn_cast<BindingDecl>(Ref->getDecl()))
      return Copies.lookup(
          dyn_cast_or_null<VarDecl>(Binding->getDecomposedDecl()));
  if (const Expr *From = elementSource(Inner))
    if (const ValueDecl *H = holderIn(From, Copies))
      return H;
  if (const ValueDecl *H = judged(holderOf(Inner)))
    return H;
  if (const VarDecl *V = varOf(Inner))
    return Copies.lookup(V);
  return nullptr;
}

void OwnerJudge::scanBody(const Decl *Owner, const Stmt *Body) {
  RepeatsOf = Body; // Collected if a poll in it asks (most bodies have none).
  // Locals copied from a holder (`pid_t p = child_;`, the element of a
  // range-for over a container) stand for it in this body.
  CopyMap Copies;
  auto Judged = [this](const ValueDecl *H) { return judged(H); };
  auto HolderIn = [&](const Expr *E) { return holderIn(E, Copies); };
  walkStmts(Body, Closures::Enter, [&](const Stmt *S) {
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          if (const ValueDecl *H = V->getInit() && V->hasLocalStorage()
                                       ? HolderIn(V->getInit())
                                       : nullptr)
            Copies[V] = H;
    } else if (const auto *For = dyn_cast<CXXForRangeStmt>(S)) {
      if (const ValueDecl *H = Judged(holderOf(For->getRangeInit())))
        Copies[For->getLoopVariable()] = H;
    } else if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (BO->getOpcode() == BO_Assign)
        if (const ValueDecl *H = HolderIn(BO->getRHS())) {
          if (const VarDecl *To = varOf(BO->getLHS());
              To && To->hasLocalStorage())
            Copies[To] = H;
          else if (holderOf(BO->getLHS()) != H)
            mark(H, HolderDuty::HandedOn); // Copied into another holder.
        }
    } else if (const auto *Ret = dyn_cast<ReturnStmt>(S)) {
      if (const ValueDecl *H = HolderIn(Ret->getRetValue()))
        mark(H, HolderDuty::HandedOn); // A getter.
    } else if (const auto *Call = dyn_cast<CallExpr>(S)) {
      if (reapsAny(Model, Summaries, *Call, Ctx))
        noteReapAny(*Call, Owner);
      for (unsigned I = 0; I < Call->getNumArgs(); ++I)
        if (const ValueDecl *H = HolderIn(Call->getArg(I)))
          useAsArgument(H, *Call, I, Owner);
    }
    return true;
  });
}

} // namespace reapcheck
