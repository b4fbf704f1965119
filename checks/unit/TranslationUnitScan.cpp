//===--- TranslationUnitScan.cpp - What one unit holds beyond a body ------===//

#include "unit/TranslationUnitScan.h"
#include "support/AstHelpers.h"
#include "flow/ChildSide.h"
#include "flow/ReapAnalysis.h"
#include "flow/ReaperRoutine.h"
#include "flow/SigchldDispositions.h"
#include "flow/SigchldMask.h"
#include "flow/SignalValues.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace reapcheck {

/// True when \p Body has an expression clang could not type.
static bool containsErrors(const Stmt *Body) {
  bool Errors = false;
  walkStmts(Body, Closures::Enter, [&](const Stmt *S) {
    if (const auto *E = dyn_cast<Expr>(S); E && E->containsErrors())
      Errors = true;
    return !Errors;
  });
  return Errors;
}

void TranslationUnitScan::addBody(const Decl *Callable, Stmt *Body) {
  // Each body once: the walk for errors is over the whole body.
  if (!Callable || !Body || Callables.contains(Callable) ||
      Callable->isInvalidDecl() || containsErrors(Body))
    return;
  Callables.insert(Callable);
  BodyOf[Callable] = Body;
}

bool TranslationUnitScan::ignoresSigchldForProgram() const {
  return llvm::any_of(Ignorers, [&](const Decl *Installer) {
    return !Callables.contains(Installer);
  });
}

void TranslationUnitScan::addStartingBody(const Stmt &Start) {
  auto [Callable, Body] = Enclosing.find(Start, *Ctx);
  addBody(Callable, Body);
}

void TranslationUnitScan::addSignalInstall(const CallExpr &Call) {
  auto [Callable, Body] = Enclosing.find(Call, *Ctx);
  if (!Body)
    return;
  auto Action = sigchldAction(Model, Call, Body, *Ctx);
  if (!Action) {
    if (const auto *Installer = dyn_cast_or_null<FunctionDecl>(Callable))
      if (auto Param = paramSignalAction(Model, Call, *Installer, Body, *Ctx))
        ParamInstalls.push_back(
            {Installer->getCanonicalDecl(), Param->first, Param->second});
    return;
  }
  noteAction(*Action, Callable, Call, Body);
}

void TranslationUnitScan::addSigchldPassed(const CallExpr &Call) {
  // libc's own functions (kill(pid, SIGCHLD)) install nothing.
  const FunctionDecl *Callee = Call.getDirectCallee();
  if (Callee &&
      !Ctx->getSourceManager().isInSystemHeader(
          Ctx->getSourceManager().getExpansionLoc(Callee->getLocation())))
    SigchldPassed.push_back({nullptr, &Call});
}

llvm::ArrayRef<std::pair<const FunctionDecl *, const CallExpr *>>
TranslationUnitScan::sigchldPassed() {
  // The callers are found only when asked: a literal 17 is not always
  // SIGCHLD, and most units install nothing for a parameter's signal.
  for (auto &[Caller, Call] : SigchldPassed)
    if (!Caller)
      Caller =
          dyn_cast_or_null<FunctionDecl>(Enclosing.find(*Call, *Ctx).first);
  llvm::erase_if(SigchldPassed, [](const auto &P) { return !P.first; });
  return SigchldPassed;
}

void TranslationUnitScan::resolveSigchldPassed() {
  if (ParamInstalls.empty())
    return;
  for (const auto &[Caller, Call] : sigchldPassed()) {
    const FunctionDecl *Callee = Call->getDirectCallee()->getCanonicalDecl();
    for (const ParamInstall &P : ParamInstalls)
      if (P.Installer == Callee && P.Index < Call->getNumArgs() &&
          namesSigchldArgument(*Call->getArg(P.Index), *Ctx)) {
        if (P.Action.Default) // A reset, read where the function is called.
          Summaries.addSigchldGiven(Callee, P.Index);
        else
          noteAction(P.Action, Caller, *Call, Caller->getBody());
      }
  }
}

const SigchldBlocks &TranslationUnitScan::sigchldBlocks() {
  if (Blocks)
    return *Blocks;
  Blocks.emplace();
  llvm::DenseMap<const Stmt *, SigchldSets> SetsOf;
  for (const CallExpr *Call : MaskCalls) {
    auto [Callable, Body] = Enclosing.find(*Call, *Ctx);
    if (!Body)
      continue;
    auto It = SetsOf.find(Body);
    if (It == SetsOf.end())
      It = SetsOf.try_emplace(Body, setsHoldingSigchld(Body, Model, *Ctx)).first;
    MaskEffect Effect = sigchldMaskEffect(*Call, It->second, Model, *Ctx);
    // A critical section (block, saving the mask; put it back) neither
    // blocks for good nor lets in what was blocked before it.
    if (Effect == MaskEffect::None || Effect == MaskEffect::Brackets ||
        Effect == MaskEffect::Restores)
      continue;
    if (Effect != MaskEffect::Blocks) {
      Blocks->Admits = true;
      continue;
    }
    const auto *FD = dyn_cast_or_null<FunctionDecl>(Callable);
    if (FD && Summaries.reachedByCallsOnly(FD, *Ctx) &&
        !runsInChildOnly(*Call, Callable, Body) && !runsOnlyInChildren(FD) &&
        llvm::find(Blocks->Blockers, FD) == Blocks->Blockers.end())
      Blocks->Blockers.push_back(FD);
  }
  return *Blocks;
}

void TranslationUnitScan::addReapingLoop(const CallExpr &At,
                                         const FunctionDecl *Installer) {
  ReapingLoop = true;
  CoveringInstallers.push_back(Installer);
  auto [Callable, Body] = Enclosing.find(At, *Ctx);
  Summaries.addTakerInstall(dyn_cast_or_null<FunctionDecl>(Callable), At,
                            TakesReaper);
}

void TranslationUnitScan::resolveThreadStart(const CallExpr &At,
                                             const FunctionDecl &Routine) {
  // A thread runs in the process that starts it: one started only in a
  // child reaps nothing of the parent's.
  auto [Callable, Body] = Enclosing.find(At, *Ctx);
  const auto *Starter = dyn_cast_or_null<FunctionDecl>(Callable);
  if (!Starter || runsInChildOnly(At, Callable, Body) ||
      (!Starter->isMain() && runsOnlyInChildren(Starter)))
    return;
  // The routine's body in view, or, in another file, its facts.
  const FunctionFacts *Known =
      Routine.hasBody() || !Facts ? nullptr : Facts->function(usrOf(&Routine));
  bool Reaps = Routine.hasBody()
                   ? reapsOverAndOver(Model, &Routine, *Ctx, &Summaries)
                   : Known && Known->ReaperRoutine;
  // One that waits for SIGCHLD in sigwaitinfo() sees it only if the
  // parent keeps it blocked.
  bool NeedsBlock = Routine.hasBody()
                        ? reaperNeedsBlockedSigchld(Model, &Routine)
                        : Known && Known->ReaperNeedsBlock;
  if (Reaps && (!NeedsBlock || !sigchldBlocks().Blockers.empty()))
    addReapingLoop(At, Starter);
}

/// tmux's proc_set_signals(tp, signalcb): `tp->signalcb = signalcb;` and a
/// SIGCHLD handler that calls `tp->signalcb(signo)`.  The parameter is then
/// the real handler, chosen by each caller (facts: sigchld_handler_params).
void TranslationUnitScan::noteDispatch(const FunctionDecl &Handler,
                                       const Decl *Installer) {
  const FunctionDecl *Def = nullptr;
  const auto *Setter = dyn_cast_or_null<FunctionDecl>(Installer);
  if (!Setter || !Setter->hasBody() || !Handler.hasBody(Def) || !Def)
    return;
  llvm::SmallPtrSet<const ValueDecl *, 2> Called;
  walkStmts(Def->getBody(), Closures::Skip, [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    if (Call && !Call->getDirectCallee())
      if (const auto *Member =
              dyn_cast<MemberExpr>(Call->getCallee()->IgnoreParenImpCasts()))
        if (isa<FieldDecl>(Member->getMemberDecl()))
          Called.insert(Member->getMemberDecl());
    return true;
  });
  if (Called.empty())
    return;
  walkStmts(Setter->getBody(), Closures::Skip, [&](const Stmt *S) {
    const auto *Assign = dyn_cast<BinaryOperator>(S);
    if (!Assign || Assign->getOpcode() != BO_Assign)
      return true;
    const auto *Member =
        dyn_cast<MemberExpr>(Assign->getLHS()->IgnoreParenImpCasts());
    const auto *Param = dyn_cast_or_null<ParmVarDecl>(varOf(Assign->getRHS()));
    if (Member && Param && Called.count(Member->getMemberDecl()))
      HandlerParams.push_back({Setter, Param->getFunctionScopeIndex()});
    return true;
  });
}

void TranslationUnitScan::addHandlerPassed(const CallExpr &Call) {
  auto [Callable, Body] = Enclosing.find(Call, *Ctx);
  if (auto Action = handlerPassed(Model, Call, Body, *Ctx))
    noteAction(*Action, Callable, Call, Body);
}

/// The field or global a stream is stored into, or that fclose() closes.
static const ValueDecl *storageOf(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Member = dyn_cast<MemberExpr>(E))
    return dyn_cast<FieldDecl>(Member->getMemberDecl());
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
      if (V->hasGlobalStorage())
        return V;
  return nullptr;
}

void TranslationUnitScan::addFclose(const CallExpr &Close) {
  if (Close.getNumArgs() != 1)
    return;
  if (const ValueDecl *Storage = storageOf(Close.getArg(0)))
    StoredFcloses.push_back({&Close, Storage});
}

void TranslationUnitScan::addStoredStream(const ValueDecl *Storage,
                                          const CallExpr &Opener) {
  const FunctionDecl *FD = Opener.getDirectCallee();
  if (!Storage || !FD)
    return;
  const WrapperSummary *W = Summaries.wrapper(FD);
  bool Pipe = Model.opensPipe(*FD) ||
              (W && W->Spec.Kind == HandleKind::Stream);
  (Pipe ? PipeStorage : OtherStreamStorage).insert(Storage);
}

/// True for `FILE *` (the C library's stream type, by its usual names).
static bool isStreamPointer(QualType T) {
  if (!T->isPointerType())
    return false;
  QualType Pointee = T->getPointeeType();
  if (const auto *Typedef = Pointee->getAs<TypedefType>())
    if (Typedef->getDecl()->getName() == "FILE")
      return true;
  const auto *Record = Pointee->getAsRecordDecl();
  if (!Record || !Record->getIdentifier())
    return false;
  StringRef Name = Record->getName();
  return Name == "_IO_FILE" || Name == "__sFILE";
}

void TranslationUnitScan::collectStoredStreams() {
  CalleeNameSet Openers = ProcessApiModel::streamOpeners();
  // popen(), fopen() and the like, and any other call returning a `FILE *`
  // (a project's `xfopen()`): a storage that also holds such a stream may be
  // fclose()d on purpose when it holds one.
  auto OpenerOf = [&](const Expr *E) -> const CallExpr * {
    const auto *Call =
        dyn_cast_or_null<CallExpr>(E ? E->IgnoreParenCasts() : nullptr);
    const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
    return FD && (Openers.contains(*FD) || isStreamPointer(Call->getType()))
               ? Call
               : nullptr;
  };
  auto StaticInit = [&](const VarDecl *Var) {
    if (Var->hasGlobalStorage())
      if (const CallExpr *Opener = OpenerOf(Var->getInit()))
        addStoredStream(Var, *Opener);
  };
  forEachUserDecl(*Ctx, [&](const Decl *D) {
    if (const auto *Var = dyn_cast<VarDecl>(D))
      return StaticInit(Var);
    const auto *FD = dyn_cast<FunctionDecl>(D);
    if (!FD || !FD->doesThisDeclarationHaveABody())
      return;
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD))
      for (const CXXCtorInitializer *Init : Ctor->inits())
        if (Init->isMemberInitializer())
          if (const CallExpr *Opener = OpenerOf(Init->getInit()))
            addStoredStream(Init->getMember(), *Opener);
    walkStmts(FD->getBody(), Closures::Enter, [&](const Stmt *S) {
      if (const auto *Assign = dyn_cast<BinaryOperator>(S)) {
        if (Assign->getOpcode() == BO_Assign)
          if (const CallExpr *Opener = OpenerOf(Assign->getRHS()))
            addStoredStream(storageOf(Assign->getLHS()), *Opener);
      } else if (const auto *Decls = dyn_cast<DeclStmt>(S)) {
        for (const Decl *Local : Decls->decls())
          if (const auto *Var = dyn_cast<VarDecl>(Local))
            StaticInit(Var);
      }
      return true;
    });
  });
}

std::vector<std::pair<const CallExpr *, const ValueDecl *>>
TranslationUnitScan::fclosesOfStoredPipes() {
  std::vector<std::pair<const CallExpr *, const ValueDecl *>> Result;
  // Without a popen() call in the unit no stored stream is a pipe.
  if (StoredFcloses.empty() || !PipeOpened)
    return Result;
  collectStoredStreams();
  for (const auto &[Call, Storage] : StoredFcloses)
    if (PipeStorage.count(Storage) && !OtherStreamStorage.count(Storage))
      Result.push_back({Call, Storage});
  return Result;
}

void TranslationUnitScan::findWrappers() {
  llvm::SmallPtrSet<const Decl *, 16> Done;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (unsigned I = 0; I < Callables.size(); ++I) {
      const auto *FD = dyn_cast<FunctionDecl>(Callables[I]);
      if (!FD || !Done.insert(FD).second)
        continue;
      std::vector<std::pair<const FunctionDecl *, unsigned>> Unless;
      auto Spec =
          detectWrapper(*FD, *Ctx, Model, Summaries, &Prepared, &Unless);
      ConditionalWrappers.erase(FD);
      if (Spec && !Unless.empty()) {
        // Another file's function may keep the child: the merge decides.
        ConditionalWrappers[FD] = {*Spec, std::move(Unless)};
        continue;
      }
      if (!Spec || !Summaries.addWrapper(FD, {*Spec, FD->getNameAsString()}))
        continue;
      Changed = true;
      // Call sites are only needed once some wrapper exists, which is rare:
      // one walk of the user's code then finds them all.
      if (!UserCalls) {
        UserCalls.emplace();
        collectUserCalls(*Ctx, *UserCalls);
      }
      // A wrapper's callers now contain starts; a caller that was already
      // examined is examined again.
      for (const CallExpr *Call : UserCalls->lookup(FD->getCanonicalDecl())) {
        auto [Caller, CallerBody] = Enclosing.find(*Call, *Ctx);
        if (!Caller || Callables.count(Caller)) {
          Done.erase(Caller);
          Prepared.forget(Caller); // It starts children at these calls now.
        } else
          addBody(Caller, CallerBody);
      }
    }
  }
}

} // namespace reapcheck
