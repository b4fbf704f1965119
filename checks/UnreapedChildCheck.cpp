//===--- UnreapedChildCheck.cpp - process-unreaped-child
//-------------------===//

#include "UnreapedChildCheck.h"
#include "AstHelpers.h"
#include "ModelFile.h"
#include "SigchldActions.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchersMacros.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>

using namespace clang;
using namespace clang::ast_matchers;

namespace reapcheck {

/// Reads a boolean option strictly: a typo is an error, not the default.
static bool readBool(tidy::ClangTidyCheck::OptionsView &Options, StringRef Name,
                     bool Default, std::string &Error) {
  std::string Raw(Options.get(Name, Default ? "true" : "false"));
  std::string Lower = StringRef(Raw).trim().lower();
  if (Lower == "true" || Lower == "1")
    return true;
  if (Lower == "false" || Lower == "0")
    return false;
  if (Error.empty())
    Error = "invalid value '" + Raw + "' for option 'process-unreaped-child." +
            Name.str() + "': expected true or false";
  return Default;
}

UnreapedChildCheck::UnreapedChildCheck(StringRef Name,
                                       tidy::ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      StartFunctions(Options.get("StartFunctions", "")),
      ReapFunctions(Options.get("ReapFunctions", "")),
      HarmlessFunctions(Options.get("HarmlessFunctions", "")),
      ReportLeakingPaths(
          readBool(Options, "ReportLeakingPaths", true, BadBool)),
      ReportDiscarded(readBool(Options, "ReportDiscarded", true, BadBool)),
      IgnoreMain(readBool(Options, "IgnoreMain", true, BadBool)),
      FactsFile(Options.get("FactsFile", "")),
      ModelFiles(Options.get("ModelFiles", "")),
      Models(Options.get("Models", "")) {
  if (!BadBool.empty()) {
    ModelValid = false;
    configurationDiag(BadBool, DiagnosticIDs::Error);
  }
  auto Add = [this](StringRef Option, std::optional<std::string> Error) {
    if (!Error)
      return;
    ModelValid = false;
    configurationDiag("invalid value for option "
                      "'process-unreaped-child.%0': %1",
                      DiagnosticIDs::Error)
        << Option << *Error;
  };
  for (const std::string &Error : builtinModelErrors()) {
    ModelValid = false;
    configurationDiag("a built-in model of process-unreaped-child cannot be "
                      "read: %0",
                      DiagnosticIDs::Error)
        << Error;
  }
  // Model files first: the shorthand options' rows win over theirs.
  Add("ModelFiles", Model.addModelFiles(ModelFiles));
  Add("Models", Model.selectModels(Models));
  Add("StartFunctions", Model.addStarts(StartFunctions));
  Add("ReapFunctions", Model.addReaps(ReapFunctions));
  Add("HarmlessFunctions", Model.addHarmless(HarmlessFunctions));
  loadFacts();
  Interesting = Model.interestingCallees();
  StartingClasses = Model.startingClasses();
  if (Facts)
    for (const std::string &Name : Facts->wrapperNames())
      Interesting.add(Name);
  if (const char *Index = std::getenv("REAPCHECK_INDEX"); Index && *Index)
    IndexFile = Index;
  Unit = std::make_unique<TranslationUnitScan>(Model, facts());
}

/// FactsFile, or the driver's REAPCHECK_FACTS: facts that cannot be read
/// are an error of the run (the check goes on without them, so no report
/// is lost); stale facts a warning.
void UnreapedChildCheck::loadFacts() {
  std::string Path = FactsFile;
  if (Path.empty())
    if (const char *Env = std::getenv("REAPCHECK_FACTS"))
      Path = Env;
  if (Path.empty())
    return;
  std::string Error, Warning;
  Facts = ProjectFacts::load(Path, Error, Warning);
  if (!Error.empty())
    configurationDiag("process-unreaped-child.FactsFile: %0; checking "
                      "without facts from other files",
                      DiagnosticIDs::Error)
        << Error;
  if (!Warning.empty())
    configurationDiag("process-unreaped-child.FactsFile: %0",
                      DiagnosticIDs::Warning)
        << Warning;
}

void UnreapedChildCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "StartFunctions", StartFunctions);
  Options.store(Opts, "ReapFunctions", ReapFunctions);
  Options.store(Opts, "HarmlessFunctions", HarmlessFunctions);
  Options.store(Opts, "ReportLeakingPaths", ReportLeakingPaths);
  Options.store(Opts, "ReportDiscarded", ReportDiscarded);
  Options.store(Opts, "IgnoreMain", IgnoreMain);
  Options.store(Opts, "FactsFile", FactsFile);
  Options.store(Opts, "ModelFiles", ModelFiles);
  Options.store(Opts, "Models", Models);
}

namespace {
/// The check's call matcher: the callee's own name is in \p Names (one
/// pointer comparison), or the call may hand a SIGCHLD handler to a helper
/// of the project (`signal_setup(SIGCHLD, on_child)`).
AST_MATCHER_P(CallExpr, isOfInterest, const CalleeNameSet *, Names) {
  const FunctionDecl *FD = Node.getDirectCallee();
  return (FD && Names->contains(*FD)) ||
         mayPassSigchldHandler(Node) || passesSigchldLiteral(Node);
}

/// Constructs an object of a class whose name a model may start a child
/// with (Boost.Process's child, TinyProcessLib::Process...): one pointer
/// comparison, then the model's row decides.
AST_MATCHER_P(CXXConstructExpr, constructsNamedClass, const CalleeNameSet *,
              Names) {
  const CXXConstructorDecl *Ctor = Node.getConstructor();
  return Ctor && Names->contains(Ctor->getParent()->getIdentifier(),
                                 Ctor->getASTContext().Idents);
}
} // namespace

void UnreapedChildCheck::registerPPCallbacks(const SourceManager &,
                                             Preprocessor *PP, Preprocessor *) {
  if (PP)
    UnitVariant = FactsRecorder::variantOf(PP->getPredefines());
}

void UnreapedChildCheck::registerMatchers(MatchFinder *Finder) {
  // A bad option is reported once and the check stays off rather than run
  // with a table the user did not ask for.
  if (!ModelValid)
    return;
  // The matchers are tried on every node of their kind, system headers
  // included before LLVM 22, so the check matches calls only (and, in C++,
  // constructions), with a first test that is a pointer comparison: code
  // that starts no process costs nothing beyond it.  What else a unit
  // needs (where streams are stored, a wrapper's callers) is found at its
  // end by walks of the user's code, only when a match calls for them.
  // Template instantiations are left out later: they are not in any
  // lexical body.
  Finder->addMatcher(
      callExpr(isOfInterest(&Interesting), unless(isExpansionInSystemHeader()))
          .bind("call"),
      this);
  // Index mode: every function of the user's code, for the facts file.
  if (!IndexFile.empty())
    Finder->addMatcher(
        functionDecl(isDefinition(), unless(isExpansionInSystemHeader()))
            .bind("defined"),
        this);
  if (!getLangOpts().CPlusPlus)
    return;
  Finder->addMatcher(cxxConstructExpr(constructsNamedClass(&StartingClasses),
                                      unless(isExpansionInSystemHeader()))
                         .bind("construct"),
                     this);
}

void UnreapedChildCheck::check(const MatchFinder::MatchResult &Result) {
  // Every kind of match may be the only one in a translation unit.
  Unit->setASTContext(*Result.Context);
  const auto &Nodes = Result.Nodes;
  if (const auto *Call = Nodes.getNodeAs<CallExpr>("call"))
    return onCall(*Call);
  if (const auto *FD = Nodes.getNodeAs<FunctionDecl>("defined")) {
    if (!FD->isTemplated() && !FD->isInvalidDecl())
      IndexedFunctions.push_back(FD);
    return;
  }
  std::string Api;
  if (const auto *Construct = Nodes.getNodeAs<CXXConstructExpr>("construct"))
    if (Model.startOfConstruct(*Construct, Api))
      Unit->addStartingBody(*Construct);
}

void UnreapedChildCheck::onCall(const CallExpr &Call) {
  const FunctionDecl *FD = Call.getDirectCallee();
  if (FD && Model.installsSignalHandler(*FD))
    return Unit->addSignalInstall(Call);
  if (mayPassSigchldHandler(Call))
    Unit->addHandlerPassed(Call);
  if (FD && passesSigchldLiteral(Call))
    Unit->addSigchldPassed(Call);
  if (!FD || !Interesting.contains(*FD))
    return;
  if (ProcessApiModel::startsReapingLoop(*FD))
    return Unit->addReapingLoop();
  if (Model.isFclose(*FD))
    return Unit->addFclose(Call);
  if (Model.opensPipe(*FD))
    Unit->addPipeOpened();
  if (Model.startOf(Call, *Unit->astContext()) ||
      Unit->summaries().wrapper(FD)) // A wrapper of another file.
    Unit->addStartingBody(Call);
}

/// The main file's real path, the key of the facts' per-file records.
static std::string mainFilePath(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  auto Main = SM.getFileEntryRefForID(SM.getMainFileID());
  if (!Main)
    return "";
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Main->getName(), Real))
    return Main->getName().str();
  return std::string(Real);
}

void UnreapedChildCheck::onEndOfTranslationUnit() {
  // Code that does not compile may have lost the very waitpid() that reaps
  // (C has no recovery expressions: a broken call simply vanishes), so a
  // broken translation unit is not judged at all.
  ASTContext *Ctx = Unit->astContext();
  if (Ctx && !Ctx->getDiagnostics().hasUncompilableErrorOccurred()) {
    Unit->findWrappers();
    Unit->resolveSigchldPassed();
    CoveredByReaper =
        Unit->hasReapingHandler() ||
        (Facts && Facts->isCoveredByReaper(mainFilePath(*Ctx), UnitVariant));
    std::vector<StartFacts> Held;
    for (const Decl *Callable : Unit->bodies())
      analyse(Callable, Unit->bodyOf(Callable), Held);
    judgeHeld(Held);
    for (const auto &[Call, Storage] : Unit->fclosesOfStoredPipes())
      reportFclose(*Call, Storage->getName());
    if (!IndexFile.empty())
      writeIndex(Held);
  }
  IndexedFunctions.clear();
  Unit = std::make_unique<TranslationUnitScan>(Model, facts());
  Interesting.forgetTranslationUnit();
  StartingClasses.forgetTranslationUnit();
}

static const char *verdictOf(const StartFacts &F, bool Reported,
                             bool ReapingHandler);

/// A start is judged by its holder when storing it there is all the
/// function did with it: stored, never handed off nor leaked, and not
/// reaped by this function on every path after the store (a copy kept for
/// a signal forwarder).
static bool isOnlyHeld(const StartFacts &F) {
  return F.Holder && F.EverStored && !F.EverHandedOff && !F.Leaked &&
         (F.HeldAtEnd || !F.EverReaped);
}

void UnreapedChildCheck::analyse(const Decl *Callable, Stmt *Body,
                                 std::vector<StartFacts> &Held) {
  AnalysisOptions Opts;
  Opts.TrackDiscarded = ReportDiscarded;
  if (const auto *FD = dyn_cast<FunctionDecl>(Callable))
    Opts.ExitsAreProcessExits =
        IgnoreMain &&
        (FD->isMain() || (Facts && Facts->isProgramEntry(usrOf(FD))));
  AnalysisResult Result =
      analyseBody(Callable, Body, *Unit->astContext(), Model, Unit->summaries(),
                  Opts, &Unit->prepared());
  // Every program that reaches this function reaps any child, though the
  // file is also in a program that does not reach it.
  bool Covered = CoveredByReaper;
  if (const auto *FD = dyn_cast<FunctionDecl>(Callable);
      !Covered && Facts && FD && !Result.Starts.empty())
    Covered = Facts->isCoveredByReaper(mainFilePath(*Unit->astContext()),
                                       UnitVariant, usrOf(FD));
  for (const FcloseFact &F : Result.Fcloses)
    reportFclose(*F.Call, F.Var->getName());
  for (StartFacts &F : Result.Starts) {
    if (isOnlyHeld(F)) {
      Held.push_back(std::move(F));
      continue;
    }
    // A child live only where the function returns, to callers that all
    // reap any child afterwards (openvswitch's test table) or end the
    // process (switch_root's main), is theirs.
    const auto *FD = dyn_cast<FunctionDecl>(Callable);
    if (!Covered && FD && F.leaksOnlyAtReturn() &&
        Unit->callerReapers().clearedAfterReturn(FD)) {
      recordInventory(F, "caller-reaps");
      continue;
    }
    // Children of a unit whose SIGCHLD handler reaps any child are reaped
    // by that handler whenever they exit.
    bool Reported = !Covered && reportStart(F);
    recordInventory(F, verdictOf(F, Reported, Covered));
  }
}

/// The inventory's verdict for a start kept in a holder.
static const char *heldVerdictOf(const HolderVerdict &V, bool Reported,
                                 bool ReapingHandler) {
  if (Reported)
    return "held-leaked";
  switch (V.Duty) {
  case HolderDuty::Neglected:
    return ReapingHandler ? "sigchld-handler" : "held-leaked";
  case HolderDuty::Reaped:
  case HolderDuty::HandedOn:
    return "held";
  case HolderDuty::Unjudged:
    break;
  }
  return "held-unjudged";
}

void UnreapedChildCheck::writeIndex(llvm::ArrayRef<StartFacts> Held) {
  ASTContext &Ctx = *Unit->astContext();
  FactsRecorder Recorder;
  for (const auto &[FD, W] : Unit->summaries().ownWrappers())
    Recorder.addWrapper(*FD, W.Spec);
  for (const FunctionDecl *FD : IndexedFunctions)
    indexFunction(*FD, Recorder);
  indexEntries(Recorder);
  llvm::SmallVector<const ValueDecl *, 8> Stored;
  for (const StartFacts &F : Held)
    Stored.push_back(F.Holder);
  OwnerJudge Judge(Ctx, Model, Unit->summaries());
  Judge.judgeAllUses(Stored);
  for (const auto &Entry : Judge.verdicts())
    Recorder.addHolder(*Entry.first, Entry.second.Duty);
  if (Unit->hasReapingHandler() || Unit->ignoresSigchld())
    Recorder.setInstallsReaper();
  for (const FunctionDecl *Handler : Unit->sigchldHandlers())
    Recorder.addSigchldHandler(*Handler);
  for (const auto &[Setter, Index] : Unit->handlerParams())
    Recorder.addHandlerParam(*Setter, Index);
  for (const ParamInstall &P : Unit->paramInstalls())
    Recorder.addSignalParam(*P.Installer, P.Index, P.Action.Handler,
                            P.Action.KernelReaps);
  for (const auto &[Caller, Call] : Unit->sigchldPassed())
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (ProcessApiModel::isSigchld(*Call->getArg(I), Ctx))
        Recorder.addSigchldArg(*Caller, *Call->getDirectCallee(), I);
  if (Ctx.getLangOpts().PICLevel != 0 && !Ctx.getLangOpts().PIE)
    Recorder.setSharedObject();
  Recorder.write(IndexFile, mainFilePath(Ctx), UnitVariant);
}

/// What one function of the unit tells other files: what it does to each
/// parameter that can carry a child, whether it reaps any child, and which
/// functions it calls (the merge links programs through them).
void UnreapedChildCheck::indexFunction(const FunctionDecl &FD,
                                       FactsRecorder &Recorder) {
  ASTContext &Ctx = *Unit->astContext();
  Recorder.addDefined(FD);
  for (unsigned I = 0; I < FD.getNumParams(); ++I) {
    QualType T = FD.getParamDecl(I)->getType();
    if (T->isIntegerType() || T->isPointerType())
      Recorder.addParam(FD, I, Unit->summaries().paramSummary(&FD, I, Ctx));
  }
  if (reapsAnyChild(Model, &FD, Ctx, &Unit->summaries()))
    Recorder.addReapsAny(FD);
  walkStmts(FD.getBody(), Closures::Enter, [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    if (!Callee)
      return true;
    Recorder.addCall(FD, *Callee);
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (const FunctionDecl *Named = functionNamedBy(Call->getArg(I)))
        Recorder.addFunctionArg(FD, *Callee, I, *Named);
    for (unsigned I = 0; I < Call->getNumArgs() && I < Callee->getNumParams();
         ++I)
      if (isPidType(Callee->getParamDecl(I)->getType()))
        if (auto Pid = constantOf(Call->getArg(I), Ctx); Pid && *Pid <= 0)
          Recorder.addAnyPidCall(FD, *Callee, I);
    return true;
  });
}

/// True for `int main(int, char **...)`'s signature: an applet's main.
static bool hasMainSignature(const FunctionDecl &FD) {
  if (FD.getNumParams() < 2 || !FD.getReturnType()->isIntegerType() ||
      !FD.getParamDecl(0)->getType()->isIntegerType())
    return false;
  QualType Argv = FD.getParamDecl(1)->getType();
  if (!Argv->isPointerType() || !Argv->getPointeeType()->isPointerType())
    return false;
  return Argv->getPointeeType()->getPointeeType()->isCharType();
}

/// The initialisers of variables of file scope: a function with main's
/// signature named there (busybox's `applet_main[]`) is the main of an
/// applet; other functions and variables named there (tmux's `cmd_table[]`
/// of `&cmd_pipe_pane_entry`, whose `.exec` is `cmd_pipe_pane_exec`) run in
/// the programs that link the table.
void UnreapedChildCheck::indexEntries(FactsRecorder &Recorder) {
  forEachUserDecl(*Unit->astContext(), [&](const Decl *D) {
    const auto *Var = dyn_cast<VarDecl>(D);
    if (!Var || !Var->isFileVarDecl() || !Var->getInit())
      return;
    std::vector<const Decl *> Named;
    walkStmts(Var->getInit(), Closures::Skip, [&](const Stmt *S) {
      const auto *Ref = dyn_cast<DeclRefExpr>(S);
      if (!Ref)
        return true;
      if (const auto *FD = dyn_cast<FunctionDecl>(Ref->getDecl())) {
        if (hasMainSignature(*FD))
          Recorder.addEntry(*FD);
        else
          Named.push_back(FD);
      } else if (const auto *Other = dyn_cast<VarDecl>(Ref->getDecl());
                 Other && Other->hasGlobalStorage() && Other != Var) {
        Named.push_back(Other);
      }
      return true;
    });
    if (!Named.empty())
      Recorder.addTable(*Var, Named);
  });
}

void UnreapedChildCheck::judgeHeld(llvm::ArrayRef<StartFacts> Held) {
  if (Held.empty())
    return;
  OwnerJudge Judge(*Unit->astContext(), Model, Unit->summaries(), facts());
  llvm::SmallVector<const ValueDecl *, 8> Holders;
  for (const StartFacts &F : Held)
    Holders.push_back(F.Holder);
  Judge.judge(Holders);
  for (const StartFacts &F : Held) {
    const HolderVerdict &V = Judge.verdict(F.Holder);
    bool Reported = V.Duty == HolderDuty::Neglected && !CoveredByReaper;
    if (Reported)
      reportHeld(F, V);
    recordInventory(F, heldVerdictOf(V, Reported, CoveredByReaper));
  }
}

//===----------------------------------------------------------------------===//
// Reporting.
//===----------------------------------------------------------------------===//

/// The inventory's verdict for one start site; tools/reapcheck reads these
/// words (its own list is checked against this one by a test).
static const char *verdictOf(const StartFacts &F, bool Reported,
                             bool ReapingHandler) {
  if (Reported)
    return "leaked";
  if (ReapingHandler && F.Leaked)
    return "sigchld-handler";
  if (F.Leaked)
    return "leaked-unreported";
  if (F.EverReaped)
    return "reaped";
  if (F.EverHandedOff)
    return "handed-off";
  return "no-parent-child";
}

/// With REAPCHECK_INVENTORY=FILE set, appends one line per analysed start
/// site: "file:line:col<TAB>verdict<TAB>api<TAB>variable".  tools/reapcheck
/// reads it to print how many sites a clean run really looked at.
void UnreapedChildCheck::recordInventory(const StartFacts &F,
                                         const char *Verdict) {
  const char *Path = std::getenv("REAPCHECK_INVENTORY");
  if (!Path || !*Path)
    return;
  const SourceManager &SM = Unit->astContext()->getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(F.Loc));
  if (P.isInvalid())
    return;
  std::error_code EC;
  llvm::raw_fd_ostream Out(Path, EC, llvm::sys::fs::OF_Append);
  if (EC)
    return;
  Out << P.getFilename() << ':' << P.getLine() << ':' << P.getColumn() << '\t'
      << Verdict << '\t' << F.Api << '\t'
      << (F.Var ? F.Var->getName() : StringRef("-")) << '\n';
}

void UnreapedChildCheck::reportFclose(const CallExpr &Call, StringRef Name) {
  const SourceManager &SM = Unit->astContext()->getSourceManager();
  SourceLocation Callee = Call.getCallee()->getExprLoc();
  auto D = diag(SM.getExpansionLoc(Callee),
                "stream '%0' from popen() is closed with fclose(); POSIX "
                "requires pclose(), and on musl and the BSDs the child stays "
                "a zombie")
           << Name;
  if (Callee.isFileID())
    D << FixItHint::CreateReplacement(CharSourceRange::getTokenRange(Callee),
                                      "pclose");
}

void UnreapedChildCheck::noteStuck(SourceLocation At, StringRef Name) {
  diag(At,
       "child process %0is still unreaped here, and no path from here reaps "
       "it or leaves the function",
       DiagnosticIDs::Note)
      << Name;
}

/// The condition as written, when it is short enough to quote in a note.
static std::optional<std::string> quotableCondition(const Expr &Cond,
                                                    ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Range = SM.getExpansionRange(Cond.getSourceRange());
  StringRef Text = Lexer::getSourceText(Range, SM, Ctx.getLangOpts());
  if (Text.empty() || Text.size() > 60 || Text.contains('\n'))
    return std::nullopt;
  return Text.str();
}

/// The branch decisions that matter on one leaking path, in path order, so
/// that the notes (and the driver's SARIF code flow) tell the whole path.
void UnreapedChildCheck::notePath(const StartFacts &F) {
  ASTContext &Ctx = *Unit->astContext();
  const SourceManager &SM = Ctx.getSourceManager();
  for (const PathStep &Step : F.Path) {
    SourceLocation At = SM.getExpansionLoc(Step.Cond->getBeginLoc());
    if (auto Text = quotableCondition(*Step.Cond, Ctx))
      diag(At, "assuming '%0' is %select{false|true}1", DiagnosticIDs::Note)
          << *Text << Step.Taken;
    else
      diag(At, "assuming the condition is %select{false|true}0",
           DiagnosticIDs::Note)
          << Step.Taken;
  }
}

void UnreapedChildCheck::noteDetach(const StartFacts &F, StringRef Name) {
  if (!F.Detach)
    return;
  const SourceManager &SM = Unit->astContext()->getSourceManager();
  diag(SM.getExpansionLoc(F.Detach->getExprLoc()),
       "child process %0is detached here; its destructor no longer reaps it",
       DiagnosticIDs::Note)
      << Name;
}

/// True when \p S, give or take parentheses, casts and cleanups
/// (skipTransparent), is one of the statements of a braced block in \p Body.
/// One walk of that body, not the ASTContext's parent map (built for the
/// whole unit on first use).
static bool isStatementOfBlock(const Stmt &S, const Stmt *Body) {
  bool Found = false;
  walkStmts(Body, Closures::Enter, [&](const Stmt *Node) {
    if (const auto *Block = dyn_cast<CompoundStmt>(Node))
      for (const Stmt *Child : Block->body())
        if (const auto *E = dyn_cast_or_null<Expr>(Child))
          Found |= skipTransparent(E) == &S;
    return !Found;
  });
  return Found;
}

/// A fix-it inserting `waitpid(pid, NULL, 0);` after a kill statement, when
/// the kill is a statement of its own in a braced block.
static std::optional<FixItHint> waitAfterKill(const CallExpr &Kill,
                                              StringRef Var, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (!Kill.getBeginLoc().isFileID() || !Kill.getEndLoc().isFileID() ||
      !isStatementOfBlock(Kill, findEnclosingBody(Kill, Ctx).second))
    return std::nullopt;
  SourceLocation After = Lexer::findLocationAfterToken(
      Kill.getEndLoc(), tok::semi, SM, Ctx.getLangOpts(),
      /*SkipTrailingWhitespaceAndNewLine=*/false);
  if (After.isInvalid())
    return std::nullopt;
  bool IsCxx = Ctx.getLangOpts().CPlusPlus;
  std::string Text =
      (" waitpid(" + Var + ", " + (IsCxx ? "nullptr" : "NULL") + ", 0);").str();
  return FixItHint::CreateInsertion(After, Text);
}

/// `Class::field` for a member, the name for a variable.
static std::string holderName(const ValueDecl &Holder) {
  if (const auto *Field = dyn_cast<FieldDecl>(&Holder))
    if (!Field->getParent()->getName().empty())
      return (Field->getParent()->getName() + "::" + Field->getName()).str();
  return Holder.getNameAsString();
}

/// The handle as the signal call spells it: `child_`, `w->pid`, `p`.
static std::string handleText(const CallExpr &Signal, ASTContext &Ctx) {
  if (Signal.getNumArgs() == 0)
    return "pid";
  const Expr *Arg = Signal.getArg(0)->IgnoreParenImpCasts();
  if (const auto *Neg = dyn_cast<UnaryOperator>(Arg);
      Neg && Neg->getOpcode() == UO_Minus)
    Arg = Neg->getSubExpr()->IgnoreParenImpCasts();
  const SourceManager &SM = Ctx.getSourceManager();
  StringRef Text = Lexer::getSourceText(
      CharSourceRange::getTokenRange(Arg->getSourceRange()), SM,
      Ctx.getLangOpts());
  return Text.empty() ? "pid" : Text.str();
}

void UnreapedChildCheck::reportHeld(const StartFacts &F,
                                    const HolderVerdict &V) {
  ASTContext &Ctx = *Unit->astContext();
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Holder = holderName(*F.Holder);
  if (V.Signals.empty())
    diag(SM.getExpansionLoc(F.Loc), "child process started by '%0' is kept "
                                    "in '%1', but nothing in %2 reaps it")
        << F.Api << Holder << V.Owner;
  else
    diag(SM.getExpansionLoc(F.Loc),
         "child process started by '%0' is kept in '%1' and killed, but "
         "nothing in %2 reaps it; kill() does not reap")
        << F.Api << Holder << V.Owner;
  diag(SM.getExpansionLoc(F.StoreLoc), "the child is stored in '%0' here",
       DiagnosticIDs::Note)
      << Holder;
  for (const HolderSignal &S : V.Signals) {
    const FunctionDecl *Killer = S.Call->getDirectCallee();
    const auto *In = dyn_cast_or_null<NamedDecl>(S.In);
    auto Note = diag(SM.getExpansionLoc(S.Call->getBeginLoc()),
                     "'%0' in '%1' signals the child but does not reap it; "
                     "call waitpid() after it",
                     DiagnosticIDs::Note)
                << (Killer ? Killer->getNameAsString() : "kill")
                << (In ? In->getNameAsString() : "?");
    if (auto Fix = waitAfterKill(*S.Call, handleText(*S.Call, Ctx), Ctx))
      Note << *Fix;
  }
}

bool UnreapedChildCheck::reportStart(const StartFacts &F) {
  if (!F.Leaked || (!ReportLeakingPaths && F.EverResolved))
    return false;
  ASTContext &Ctx = *Unit->astContext();
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Loc = SM.getExpansionLoc(F.Loc);
  std::string Name = F.Var ? ("'" + F.Var->getName() + "' ").str() : "";

  if (F.Discarded && !F.EverResolved) {
    diag(Loc, "child process started by '%0' is discarded and can never be "
              "reaped")
        << F.Api;
    return true;
  }
  if (!F.EverResolved && F.Kill && F.Var) {
    diag(Loc, "child process %0started by '%1' is killed but never reaped; "
              "kill() does not reap")
        << Name << F.Api;
    const FunctionDecl *Killer = F.Kill->getDirectCallee();
    // A library's handle is reaped by the library's own wait, which needs
    // arguments the fix-it cannot know.
    bool Pid = F.ReapHint.empty();
    auto Note = diag(SM.getExpansionLoc(F.Kill->getBeginLoc()),
                     "'%0' signals the child but does not reap it; call "
                     "%1() after it",
                     DiagnosticIDs::Note)
                << (Killer ? Killer->getNameAsString() : "kill")
                << (Pid ? std::string("waitpid") : F.ReapHint);
    if (auto Fix = Pid ? waitAfterKill(*F.Kill, F.Var->getName(), Ctx)
                       : std::nullopt)
      Note << *Fix;
    return true;
  }
  if (!F.EverResolved) {
    diag(Loc, "child process %0started by '%1' is never reaped")
        << Name << F.Api;
    noteDetach(F, Name);
    return true;
  }
  diag(Loc, "child process %0started by '%1' is not reaped on every path")
      << Name << F.Api;
  noteDetach(F, Name);
  notePath(F);
  SourceLocation At = SM.getExpansionLoc(F.LeakLoc);
  switch (F.LeakKind) {
  case ExitKind::Return:
    diag(At, "child process %0is still unreaped when the function returns here",
         DiagnosticIDs::Note)
        << Name;
    break;
  case ExitKind::Throw:
    diag(At, "child process %0is still unreaped when the exception leaves here",
         DiagnosticIDs::Note)
        << Name;
    break;
  case ExitKind::Overwrite:
    diag(At, "child process %0is still unreaped when '%1' is overwritten here",
         DiagnosticIDs::Note)
        << Name << (F.Var ? F.Var->getName() : StringRef("the handle"));
    break;
  case ExitKind::Stuck:
    noteStuck(At, Name);
    break;
  }
  return true;
}

} // namespace reapcheck
