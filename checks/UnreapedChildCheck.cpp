//===--- UnreapedChildCheck.cpp - process-unreaped-child
//-------------------===//

#include "UnreapedChildCheck.h"
#include "facts/FactsRecorder.h"
#include "facts/ReadFiles.h"
#include "support/TraversalScope.h"
#include "flow/SigchldActions.h"
#include "unit/FactsIndex.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchersMacros.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <optional>
#include <sys/stat.h>
#include <unistd.h>

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

/// With REAPCHECK_DUMP_FLOW set (to anything), every analysed body's
/// states at the fixed point go to stderr: a debugging aid, not an option.
static llvm::raw_ostream *flowDump() {
  const char *Dump = std::getenv("REAPCHECK_DUMP_FLOW");
  return Dump && *Dump ? &llvm::errs() : nullptr;
}

/// \p Fd when it is the write end of a pipe, as the driver passes it: a
/// clang-tidy run by a wrapper that did not pass it on may have opened a
/// file of its own under that number.  Else -1: the unit does not park.
static int parkDescriptor(int Fd) {
  struct stat St;
  if (Fd <= 2 || ::fstat(Fd, &St) != 0 || !S_ISFIFO(St.st_mode))
    return -1;
  int Flags = ::fcntl(Fd, F_GETFL);
  return Flags >= 0 && (Flags & O_ACCMODE) == O_WRONLY ? Fd : -1;
}

UnreapedChildCheck::UnreapedChildCheck(StringRef Name,
                                       tidy::ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), TidyContext(*Context),
      StartFunctions(Options.get("StartFunctions", "")),
      ReapFunctions(Options.get("ReapFunctions", "")),
      HarmlessFunctions(Options.get("HarmlessFunctions", "")),
      Judging{readBool(Options, "ReportLeakingPaths", true, BadBool),
              readBool(Options, "ReportDiscarded", true, BadBool),
              readBool(Options, "IgnoreMain", true, BadBool), flowDump()},
      FactsFile(Options.get("FactsFile", "")),
      ModelFiles(Options.get("ModelFiles", "")),
      Models(Options.get("Models", "")) {
  {
    tidy::ClangTidyOptions::OptionMap Mine;
    storeOptions(Mine);
    // Its keys are "<check name>.<option>": the name ProcessModule gave.
    OwnName = Mine.begin()->getKey().rsplit('.').first.str();
  }
#if REAPCHECK_LLVM_MAJOR == 14
  // LLVM 14's --dump-config makes the checks only for their options, with
  // no diagnostics engine (configurationDiag() would crash) and no file; a
  // unit being checked always has one.
  if (getCurrentMainFile().empty())
    return;
#endif
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
  // Model files first: the shorthand options' rows win over theirs.
  Add("ModelFiles", Model.addModelFiles(ModelFiles));
  Add("Models", Model.selectModels(Models));
  Add("StartFunctions", Model.addStarts(StartFunctions));
  Add("ReapFunctions", Model.addReaps(ReapFunctions));
  Add("HarmlessFunctions", Model.addHarmless(HarmlessFunctions));
  if (const char *Index = std::getenv("REAPCHECK_INDEX"); Index && *Index) {
    IndexFile = Index;
    if (const char *Park = std::getenv("REAPCHECK_PARK"); Park && *Park)
      ParkFd = parkDescriptor(std::atoi(Park));
  }
  // What needs no file is said here: clangd shows the configuration
  // diagnostics of the checks' construction only (FileSetup.cpp).
  reportUnknownOptions();
  loadNamedFacts();
  Interesting = Model.interestingCallees();
  Matched = Model.processCallees();
  StartingClasses = Model.startingClasses();
  newUnit();
}

void UnreapedChildCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "StartFunctions", StartFunctions);
  Options.store(Opts, "ReapFunctions", ReapFunctions);
  Options.store(Opts, "HarmlessFunctions", HarmlessFunctions);
  Options.store(Opts, "ReportLeakingPaths", Judging.ReportLeakingPaths);
  Options.store(Opts, "ReportDiscarded", Judging.ReportDiscarded);
  Options.store(Opts, "IgnoreMain", Judging.IgnoreMain);
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

void UnreapedChildCheck::registerPPCallbacks(const SourceManager &SM,
                                             Preprocessor *PP, Preprocessor *) {
  auto Main = SM.getFileEntryRefForID(SM.getMainFileID());
  setUpForFile(SM, Main ? Main->getName() : getCurrentMainFile());
  if (!PP)
    return;
  Variant = FactsRecorder::variantOf(PP->getPredefines());
  Unit->setVariant(Variant);
  // The index pass of the driver stamps what the unit read: listed when
  // the unit ends.
  if (const char *Deps = std::getenv("REAPCHECK_DEPS"); Deps && *Deps)
    ReadFilesOf = &SM;
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
  // lexical body.  When the run has no other checks, the walk skips the
  // system headers altogether (support/TraversalScope.h).
  matchUnitForScope(TidyContext, *Finder, *this);
  Finder->addMatcher(
      callExpr(isOfInterest(&Matched), unless(isExpansionInSystemHeader()))
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
  if (narrowUserScope(Result))
    return;
  // Every kind of match may be the only one in a translation unit.
  Unit->setASTContext(*Result.Context);
  const auto &Nodes = Result.Nodes;
  if (const auto *Call = Nodes.getNodeAs<CallExpr>("call")) {
    Unit->noteProcessApiUse();
    return onCall(*Call);
  }
  if (const auto *FD = Nodes.getNodeAs<FunctionDecl>("defined")) {
    if (!FD->isTemplated() && !FD->isInvalidDecl())
      Unit->addDefinedFunction(*FD);
    return;
  }
  std::string Api;
  if (const auto *Construct = Nodes.getNodeAs<CXXConstructExpr>("construct")) {
    Unit->noteProcessApiUse();
    if (Model.startOfConstruct(*Construct, Api))
      Unit->addStartingBody(*Construct);
  }
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
  if (Model.signalSetOp(Call) != SignalSetOp::None)
    return Unit->addMaskCall(Call);
  if (Model.startsReaper(Call, *Unit->astContext()))
    return Unit->addReapingLoop(Call);
  if (const FunctionDecl *Routine =
          Model.threadRoutine(Call, *Unit->astContext()))
    return Unit->addThreadStart(Call, *Routine);
  if (Model.isFclose(*FD))
    return Unit->addFclose(Call);
  if (Model.opensPipe(*FD))
    Unit->addPipeOpened();
  if (Model.startOf(Call, *Unit->astContext()) ||
      Unit->summaries().wrapper(FD)) // A wrapper of another file.
    Unit->addStartingBody(Call);
}

/// True when the facts may change a site's verdict: every verdict but
/// reaped in the unit and "no parent-child" (inventory.FINAL).
static bool leavesSitesToFacts(const UnitJudgement &Judged) {
  return llvm::any_of(Judged.Sites, [](const Judgement &J) {
    return StringRef(J.Verdict) != "reaped" &&
           StringRef(J.Verdict) != "no-parent-child";
  });
}

/// The process's resident memory in KiB (/proc/self/statm), 0 if unknown:
/// the driver keeps the memory of the units that wait within a budget.
static unsigned long residentKiB() {
  unsigned long Size = 0, Resident = 0;
  if (FILE *Statm = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(Statm, "%lu %lu", &Size, &Resident) != 2)
      Resident = 0;
    std::fclose(Statm);
  }
  long Page = ::sysconf(_SC_PAGESIZE);
  return Page > 0 ? Resident * (static_cast<unsigned long>(Page) / 1024) : 0;
}

static bool writeAll(int Fd, llvm::StringRef Text) {
  while (!Text.empty()) {
    ssize_t N = ::write(Fd, Text.data(), Text.size());
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    Text = Text.drop_front(N);
  }
  return true;
}

/// One line of the standard input, or nothing at its end.
static std::optional<std::string> readLine() {
  std::string Line;
  for (;;) {
    char C;
    ssize_t N = ::read(0, &C, 1);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return std::nullopt;
    if (C == '\n')
      return Line;
    Line += C;
  }
}

void UnreapedChildCheck::onEndOfTranslationUnit() {
  if (ReadFilesOf)
    writeReadFiles(*ReadFilesOf, std::getenv("REAPCHECK_DEPS"));
  ReadFilesOf = nullptr;
  // Code that does not compile may have lost the very waitpid() that reaps
  // (C has no recovery expressions: a broken call simply vanishes), so a
  // broken translation unit is not judged at all.
  ASTContext *Ctx = Unit->astContext();
  if (Ctx && !Ctx->getDiagnostics().hasUncompilableErrorOccurred()) {
    Unit->findWrappers();
    Unit->resolveSigchldPassed();
    Unit->resolveInstalls();
    UnitJudgement Judged = judgeUnit(*Unit, Judging);
    if (!IndexFile.empty())
      writeUnitFacts(*Unit, Judged.Holders, IndexFile);
    if (ParkFd >= 0 && leavesSitesToFacts(Judged)) {
      switch (parkForFacts(*Ctx)) {
      case Parking::Resumed: // Its nested end judged and reported.
        return;
      case Parking::Dismissed:
        newUnit();
        return;
      case Parking::Refused: // Judged without the facts, as if not asked.
        break;
      }
    }
    for (const FcloseFact &F : Judged.Fcloses)
      reportFclose(*F.Call, F.Var->getName());
    for (const Judgement &J : Judged.Sites) {
      if (J.Kind == Judgement::Report::Start)
        reportStart(J.Facts);
      else if (J.Kind == Judgement::Report::Held)
        reportHeld(J.Facts, J.Holder);
      recordInventory(J.Facts, J.Verdict);
    }
    for (const auto &[Call, Storage] : Unit->fclosesOfStoredPipes())
      reportFclose(*Call, Storage->getName());
  }
  if (ParkFd >= 0) { // Judged without the facts: the driver is not to wait.
    ::close(ParkFd);
    ParkFd = -1;
  }
  newUnit();
}

UnreapedChildCheck::Parking UnreapedChildCheck::parkForFacts(ASTContext &Ctx) {
  // "parked KIB": the driver, reading the other end, frees the unit's job
  // slot and, after the merge, writes the facts file's path on stdin.
  bool Told = writeAll(ParkFd, "parked " + std::to_string(residentKiB()) + "\n");
  ::close(ParkFd);
  ParkFd = -1;
  if (!Told)
    return Parking::Refused;
  std::optional<std::string> Path = readLine();
  if (!Path || Path->empty())
    return Parking::Dismissed; // The driver has no use for it (or is gone).
  FactsChosen = true;
  loadFacts(*Path);
  IndexFile.clear();
  useFacts(Ctx.getSourceManager(), MainFile);
  newUnit();
  Unit->setVariant(Variant);
  // The same matchers, now with the facts' wrappers, over the same AST:
  // its end (onEndOfTranslationUnit) judges and reports.
  MatchFinder Again;
  registerMatchers(&Again);
  Again.matchAST(Ctx);
  return Parking::Resumed;
}

void UnreapedChildCheck::newUnit() {
  Unit = std::make_unique<TranslationUnitScan>(Model, facts());
  Interesting.forgetTranslationUnit();
  Matched.forgetTranslationUnit();
  StartingClasses.forgetTranslationUnit();
  Model.forgetTranslationUnit();
}

} // namespace reapcheck
