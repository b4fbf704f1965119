//===--- UnreapedChildCheck.cpp - process-unreaped-child -------------------===//

#include "UnreapedChildCheck.h"
#include "EnclosingBody.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>

using namespace clang;
using namespace clang::ast_matchers;

namespace reapcheck {

/// Reads a boolean option strictly: a typo is an error, not the default.
static bool readBool(tidy::ClangTidyCheck::OptionsView &Options,
                     StringRef Name, bool Default, std::string &Error) {
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
      ReportLeakingPaths(readBool(Options, "ReportLeakingPaths", true, BadBool)),
      ReportDiscarded(readBool(Options, "ReportDiscarded", true, BadBool)),
      IgnoreMain(readBool(Options, "IgnoreMain", true, BadBool)) {
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
  Add("StartFunctions", Model.addStarts(StartFunctions));
  Add("ReapFunctions", Model.addReaps(ReapFunctions));
  Add("HarmlessFunctions", Model.addHarmless(HarmlessFunctions));
}

void UnreapedChildCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "StartFunctions", StartFunctions);
  Options.store(Opts, "ReapFunctions", ReapFunctions);
  Options.store(Opts, "HarmlessFunctions", HarmlessFunctions);
  Options.store(Opts, "ReportLeakingPaths", ReportLeakingPaths);
  Options.store(Opts, "ReportDiscarded", ReportDiscarded);
  Options.store(Opts, "IgnoreMain", IgnoreMain);
}

void UnreapedChildCheck::registerMatchers(MatchFinder *Finder) {
  // A bad option is reported once and the check stays off rather than run
  // with a table the user did not ask for.
  if (!ModelValid)
    return;
  std::vector<std::string> Names = Model.startNames();
  std::vector<StringRef> Refs(Names.begin(), Names.end());
  // Only start calls are matched: a function that starts no process never
  // reaches the CFG.  Template instantiations are left out in check(): they
  // are not in any lexical body (no isInTemplateInstantiation(), whose
  // ancestor walk builds a parent map of the whole translation unit).
  Finder->addMatcher(
      callExpr(callee(functionDecl(hasAnyName(Refs))),
               unless(isExpansionInSystemHeader()))
          .bind("start"),
      this);
  // Streams kept in a field or global: opened in one function, closed in
  // another (a constructor and a destructor).
  auto Opener = callExpr(callee(functionDecl(hasAnyName(
      "::popen", "::fopen", "::fdopen", "::freopen", "::tmpfile", "::fmemopen",
      "::open_memstream"))));
  Finder->addMatcher(
      binaryOperator(hasOperatorName("="),
                     hasRHS(ignoringParenCasts(Opener.bind("opened"))),
                     unless(isExpansionInSystemHeader()))
          .bind("store"),
      this);
  Finder->addMatcher(
      varDecl(hasGlobalStorage(),
              hasInitializer(ignoringParenCasts(Opener.bind("opened"))),
              unless(isExpansionInSystemHeader()))
          .bind("global"),
      this);
  Finder->addMatcher(callExpr(callee(functionDecl(hasName("::fclose"))),
                              argumentCountIs(1),
                              unless(isExpansionInSystemHeader()))
                         .bind("fclose"),
                     this);
  // A SIGCHLD handler that reaps any child, installed anywhere in the
  // translation unit, reaps the children this unit starts.
  Finder->addMatcher(
      callExpr(callee(functionDecl(hasAnyName("::signal", "::sigaction",
                                              "::bsd_signal", "::sysv_signal"))),
               unless(isExpansionInSystemHeader()))
          .bind("handler"),
      this);
  if (!getLangOpts().CPlusPlus)
    return;
  Finder->addMatcher(
      cxxCtorInitializer(isMemberInitializer(),
                         withInitializer(ignoringParenCasts(Opener.bind("opened"))))
          .bind("init"),
      this);
  Finder->addMatcher(
      cxxConstructExpr(hasDeclaration(cxxConstructorDecl(ofClass(hasAnyName(
                           "::boost::process::child",
                           "::boost::process::v1::child",
                           "::boost::process::v2::basic_process")))),
                       unless(isExpansionInSystemHeader()))
          .bind("construct"),
      this);
}

static std::pair<const Decl *, Stmt *> enclosingBody(const Stmt &S,
                                                     ASTContext &Ctx) {
  return findEnclosingBody(S, Ctx);
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

void UnreapedChildCheck::check(const MatchFinder::MatchResult &Result) {
  // Every kind of match may be the only one in a translation unit.
  Ctx = Result.Context;
  const Expr *Start = nullptr;
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("handler")) {
    Ctx = Result.Context;
    if (!ReapingHandler)
      ReapingHandler = findReapingHandler(*Call);
    return;
  }
  if (const auto *Opened = Result.Nodes.getNodeAs<CallExpr>("opened")) {
    // Where a stream is kept; popen() itself is also matched as a start.
    const ValueDecl *Storage = nullptr;
    if (const auto *Store = Result.Nodes.getNodeAs<BinaryOperator>("store"))
      Storage = storageOf(Store->getLHS());
    else if (const auto *Global = Result.Nodes.getNodeAs<VarDecl>("global"))
      Storage = Global;
    else if (const auto *Init = Result.Nodes.getNodeAs<CXXCtorInitializer>("init"))
      Storage = Init->getMember();
    if (Storage && Opened->getDirectCallee())
      (Opened->getDirectCallee()->getName() == "popen" ? PopenStorage
                                                       : OtherStreamStorage)
          .insert(Storage);
    return;
  }
  if (const auto *Close = Result.Nodes.getNodeAs<CallExpr>("fclose")) {
    if (const ValueDecl *Storage = storageOf(Close->getArg(0)))
      StoredFcloses.push_back({Close, Storage});
    return;
  }
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("start")) {
    if (Model.startOf(*Call, *Result.Context))
      Start = Call;
  } else if (const auto *Construct =
                 Result.Nodes.getNodeAs<CXXConstructExpr>("construct")) {
    if (Model.startOfConstruct(*Construct))
      Start = Construct;
  }
  if (!Start)
    return;
  Ctx = Result.Context;
  auto [Callable, Body] = enclosingBody(*Start, *Result.Context);
  if (!Callable || !Body || Callable->isInvalidDecl())
    return;
  if (Callables.insert(Callable))
    BodyOf[Callable] = Body;
}

/// SIGCHLD's number on the Linux architectures Debian ships (not MIPS).
static constexpr int SIGCHLD_LINUX = 17;

/// True when \p FD's body (or a function it calls directly) reaps any child.
static bool reapsAny(const FunctionDecl *FD, const ProcessApiModel &Model,
                     ASTContext &Ctx, unsigned Depth = 0) {
  const FunctionDecl *Def = nullptr;
  if (!FD || Depth > 2 || !FD->hasBody(Def) || !Def)
    return false;
  llvm::SmallVector<const Stmt *, 32> Stack{Def->getBody()};
  while (!Stack.empty()) {
    const Stmt *S = Stack.pop_back_val();
    if (!S)
      continue;
    if (const auto *Call = dyn_cast<CallExpr>(S)) {
      if (Model.isReapAny(*Call, Ctx))
        return true;
      if (reapsAny(Call->getDirectCallee(), Model, Ctx, Depth + 1))
        return true;
    }
    for (const Stmt *Child : S->children())
      Stack.push_back(Child);
  }
  return false;
}

/// For signal(SIGCHLD, h) or sigaction(SIGCHLD, &sa, ...) with sa's handler
/// assigned in the same function: the handler, when it reaps any child.
const FunctionDecl *
UnreapedChildCheck::findReapingHandler(const CallExpr &Call) {
  if (Call.getNumArgs() < 2)
    return nullptr;
  const SourceManager &SM = Ctx->getSourceManager();
  StringRef Sig = Lexer::getSourceText(
      SM.getExpansionRange(Call.getArg(0)->getSourceRange()), SM,
      Ctx->getLangOpts());
  // Spelled SIGCHLD, or (through a macro such as rsync's SIGACTION) with
  // the value <signal.h> gives it on Linux.
  Expr::EvalResult Value;
  bool IsChld = Sig.trim() == "SIGCHLD" || Sig.trim() == "SIGCLD" ||
                (!Call.getArg(0)->isValueDependent() &&
                 Call.getArg(0)->EvaluateAsInt(Value, *Ctx) &&
                 Value.Val.getInt() == SIGCHLD_LINUX);
  if (!IsChld)
    return nullptr;
  auto FunctionOf = [](const Expr *E) -> const FunctionDecl * {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      return dyn_cast<FunctionDecl>(Ref->getDecl());
    if (const auto *Addr = dyn_cast<UnaryOperator>(E->IgnoreParenImpCasts()))
      if (Addr->getOpcode() == UO_AddrOf)
        if (const auto *Ref =
                dyn_cast<DeclRefExpr>(Addr->getSubExpr()->IgnoreParenImpCasts()))
          return dyn_cast<FunctionDecl>(Ref->getDecl());
    return nullptr;
  };
  if (const FunctionDecl *Handler = FunctionOf(Call.getArg(1)))
    return reapsAny(Handler, Model, *Ctx) ? Handler : nullptr;
  // sigaction: any function assigned to a member of the struct whose address
  // is passed, in the same function.
  const auto *Addr = dyn_cast<UnaryOperator>(Call.getArg(1)->IgnoreParenImpCasts());
  if (!Addr || Addr->getOpcode() != UO_AddrOf)
    return nullptr;
  const auto *ActionRef =
      dyn_cast<DeclRefExpr>(Addr->getSubExpr()->IgnoreParenImpCasts());
  if (!ActionRef)
    return nullptr;
  const Decl *Action = ActionRef->getDecl();
  auto [Callable, Body] = enclosingBody(Call, *Ctx);
  if (!Body)
    return nullptr;
  llvm::SmallVector<const Stmt *, 64> Stack{Body};
  while (!Stack.empty()) {
    const Stmt *S = Stack.pop_back_val();
    if (!S)
      continue;
    if (const auto *Assign = dyn_cast<BinaryOperator>(S);
        Assign && Assign->getOpcode() == BO_Assign) {
      const Expr *Base = Assign->getLHS()->IgnoreParenImpCasts();
      while (const auto *Member = dyn_cast<MemberExpr>(Base))
        Base = Member->getBase()->IgnoreParenImpCasts();
      const auto *Ref = dyn_cast<DeclRefExpr>(Base);
      if (Ref && Ref->getDecl() == Action)
        if (const FunctionDecl *Handler = FunctionOf(Assign->getRHS()))
          if (reapsAny(Handler, Model, *Ctx))
            return Handler;
    }
    for (const Stmt *Child : S->children())
      Stack.push_back(Child);
  }
  return nullptr;
}

/// fclose() on a field or global that only ever holds popen() streams (or
/// the standard streams): the same diagnostic as for a local.
void UnreapedChildCheck::reportStoredFcloses() {
  const SourceManager &SM = Ctx->getSourceManager();
  for (const auto &[Call, Storage] : StoredFcloses) {
    if (!PopenStorage.count(Storage) || OtherStreamStorage.count(Storage))
      continue;
    SourceLocation Callee = Call->getCallee()->getExprLoc();
    auto D = diag(SM.getExpansionLoc(Callee),
                  "stream '%0' from popen() is closed with fclose(); POSIX "
                  "requires pclose(), and on musl and the BSDs the child "
                  "stays a zombie")
             << Storage->getName();
    if (Callee.isFileID())
      D << FixItHint::CreateReplacement(CharSourceRange::getTokenRange(Callee),
                                        "pclose");
  }
}

static bool containsErrors(const Stmt *S) {
  llvm::SmallVector<const Stmt *, 64> Stack{S};
  while (!Stack.empty()) {
    const Stmt *Top = Stack.pop_back_val();
    if (!Top)
      continue;
    if (const auto *E = dyn_cast<Expr>(Top); E && E->containsErrors())
      return true;
    for (const Stmt *Child : Top->children())
      Stack.push_back(Child);
  }
  return false;
}

void UnreapedChildCheck::onEndOfTranslationUnit() {
  // Code that does not compile may have lost the very waitpid() that reaps
  // (C has no recovery expressions: a broken call simply vanishes), so a
  // broken translation unit is not judged at all.
  bool Broken =
      !Ctx || Ctx->getDiagnostics().hasUncompilableErrorOccurred();
  if (!Broken) {
    findWrappers();
    for (const Decl *Callable : Callables)
      analyse(Callable, BodyOf.lookup(Callable));
    reportStoredFcloses();
  }
  StoredFcloses.clear();
  ReapingHandler = nullptr;
  PopenStorage.clear();
  OtherStreamStorage.clear();
  Callables.clear();
  BodyOf.clear();
  UserCalls.clear();
  UserCallsCollected = false;
  TU = TranslationUnitFacts(Model);
  Ctx = nullptr;
}

/// Finds the functions that hand a started child to their caller, then adds
/// their callers' bodies to the analysis, until no new wrapper appears.
void UnreapedChildCheck::findWrappers() {
  llvm::SmallPtrSet<const Decl *, 16> Done;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (unsigned I = 0; I < Callables.size(); ++I) {
      const Decl *Callable = Callables[I];
      const auto *FD = dyn_cast<FunctionDecl>(Callable);
      if (!FD || !Done.insert(Callable).second)
        continue;
      Stmt *Body = BodyOf.lookup(Callable);
      if (!Body || containsErrors(Body))
        continue;
      AnalysisResult R =
          analyseBody(Callable, Body, *Ctx, Model, TU, AnalysisOptions());
      if (!R.Wrapper)
        continue;
      if (!TU.addWrapper(FD, {*R.Wrapper, FD->getNameAsString()}))
        continue;
      Changed = true;
      // Call sites are only needed once some wrapper exists, which is rare:
      // one walk of the user's code then finds them all.
      if (!UserCallsCollected) {
        collectUserCalls(*Ctx, UserCalls);
        UserCallsCollected = true;
      }
      // A wrapper's callers now contain starts; a caller that changes
      // its mind about being a wrapper is re-examined.
      for (const CallExpr *Call : UserCalls.lookup(FD->getCanonicalDecl())) {
        auto [Caller, CallerBody] = enclosingBody(*Call, *Ctx);
        if (!Caller || !CallerBody || Caller->isInvalidDecl())
          continue;
        if (Callables.insert(Caller))
          BodyOf[Caller] = CallerBody;
        else
          Done.erase(Caller);
      }
    }
  }
}

void UnreapedChildCheck::analyse(const Decl *Callable, Stmt *Body) {
  if (!Ctx || !Body || containsErrors(Body))
    return;
  AnalysisOptions Opts;
  Opts.TrackDiscarded = ReportDiscarded;
  if (const auto *FD = dyn_cast<FunctionDecl>(Callable))
    Opts.ExitsAreProcessExits = IgnoreMain && FD->isMain();
  AnalysisResult Result = analyseBody(Callable, Body, *Ctx, Model, TU, Opts);
  const SourceManager &SM = Ctx->getSourceManager();
  for (const FcloseFact &F : Result.Fcloses) {
    SourceLocation Callee = F.Call->getCallee()->getExprLoc();
    auto D = diag(SM.getExpansionLoc(Callee),
                  "stream '%0' from popen() is closed with fclose(); POSIX requires "
                  "pclose(), and on musl and the BSDs the child stays a zombie")
             << F.Var->getName();
    if (Callee.isFileID())
      D << FixItHint::CreateReplacement(CharSourceRange::getTokenRange(Callee),
                                        "pclose");
  }
  for (const StartFacts &F : Result.Starts) {
    // Children of a unit whose SIGCHLD handler reaps any child are reaped
    // by that handler whenever they exit.
    bool Reported = !ReapingHandler && report(F, Ctx->getLangOpts().CPlusPlus);
    recordInventory(F, Reported);
  }
}

/// With REAPCHECK_INVENTORY=FILE set, appends one line per analysed start
/// site: "file:line:col<TAB>verdict<TAB>api<TAB>variable".  tools/reapcheck
/// reads it to print how many sites a clean run really looked at.
void UnreapedChildCheck::recordInventory(const StartFacts &F, bool Reported) {
  const char *Path = std::getenv("REAPCHECK_INVENTORY");
  if (!Path || !*Path)
    return;
  const SourceManager &SM = Ctx->getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(F.Loc));
  if (P.isInvalid())
    return;
  const char *Verdict = Reported          ? "leaked"
                        : ReapingHandler && F.Leaked ? "sigchld-handler"
                        : F.Leaked        ? "leaked-unreported"
                        : F.EverReaped    ? "reaped"
                        : F.EverHandedOff ? "handed-off"
                                          : "no-parent-child";
  std::error_code EC;
  llvm::raw_fd_ostream Out(Path, EC, llvm::sys::fs::OF_Append);
  if (EC)
    return;
  Out << P.getFilename() << ':' << P.getLine() << ':' << P.getColumn() << '\t'
      << Verdict << '\t' << F.Api << '\t'
      << (F.Var ? F.Var->getName() : StringRef("-")) << '\n';
}

void UnreapedChildCheck::noteDetach(const StartFacts &F, StringRef Name) {
  if (!F.Detach)
    return;
  diag(Ctx->getSourceManager().getExpansionLoc(F.Detach->getExprLoc()),
       "child process %0is detached here; its destructor no longer reaps it",
       DiagnosticIDs::Note)
      << Name;
}

/// A fix-it inserting `waitpid(pid, NULL, 0);` after a kill statement, when
/// the kill is a statement of its own in a braced block.
static std::optional<FixItHint> waitAfterKill(const CallExpr &Kill,
                                              StringRef Var, bool IsCxx,
                                              ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (!Kill.getBeginLoc().isFileID() || !Kill.getEndLoc().isFileID())
    return std::nullopt;
  DynTypedNode Node = DynTypedNode::create(static_cast<const Stmt &>(Kill));
  for (;;) {
    auto Parents = Ctx.getParents(Node);
    if (Parents.empty())
      return std::nullopt;
    if (Parents[0].get<CompoundStmt>())
      break;
    const auto *E = Parents[0].get<Expr>();
    if (!E || !(isa<ParenExpr, CastExpr, ExprWithCleanups>(E)))
      return std::nullopt;
    Node = Parents[0];
  }
  SourceLocation After = Lexer::findLocationAfterToken(
      Kill.getEndLoc(), tok::semi, SM, Ctx.getLangOpts(),
      /*SkipTrailingWhitespaceAndNewLine=*/false);
  if (After.isInvalid())
    return std::nullopt;
  std::string Text = (" waitpid(" + Var + ", " + (IsCxx ? "nullptr" : "NULL") +
                      ", 0);")
                         .str();
  return FixItHint::CreateInsertion(After, Text);
}

bool UnreapedChildCheck::report(const StartFacts &F, bool IsCxx) {
  if (!F.Leaked)
    return false;
  if (!ReportLeakingPaths && F.EverResolved)
    return false;
  const SourceManager &SM = Ctx->getSourceManager();
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
    std::string KillName = F.Kill->getDirectCallee()
                               ? F.Kill->getDirectCallee()->getNameAsString()
                               : "kill";
    auto Note = diag(SM.getExpansionLoc(F.Kill->getBeginLoc()),
                     "'%0' signals the child but does not reap it; call "
                     "waitpid() after it",
                     DiagnosticIDs::Note)
                << KillName;
    if (auto Fix = waitAfterKill(*F.Kill, F.Var->getName(), IsCxx, *Ctx))
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
  }
  return true;
}

} // namespace reapcheck
