//===--- Reporting.cpp - Every diagnostic of process-unreaped-child -------===//
//
// The warnings and notes of the check, and the inventory lines, from the
// verdicts of unit/Verdicts.h.  The wording is documented in the check's
// page (docs/process/unreaped-child.rst, "Diagnostics").
//
//===----------------------------------------------------------------------===//

#include "UnreapedChildCheck.h"
#include "support/AstHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>

using namespace clang;

namespace reapcheck {
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
static bool startsWith(llvm::StringRef S, llvm::StringRef Prefix) {
  return S.substr(0, Prefix.size()) == Prefix;
}

/// True when \p Checks, a NOLINT's list (`process-unreaped-child`, `*`,
/// `process-*`, comma-separated), names the check \p Name.
static bool namesCheck(llvm::StringRef Checks, llvm::StringRef Name) {
  llvm::SmallVector<llvm::StringRef, 4> Items;
  Checks.split(Items, ',');
  for (llvm::StringRef Item : Items) {
    Item = Item.trim();
    if (Item == Name ||
        (!Item.empty() && Item.back() == '*' &&
         startsWith(Name, Item.drop_back())))
      return true;
  }
  return false;
}

/// True when \p Line carries \p Marker (NOLINT or NOLINTNEXTLINE) for the
/// check \p Name: bare, or with a list that names it.
static bool hasNolint(llvm::StringRef Line, llvm::StringRef Marker,
                      llvm::StringRef Name) {
  for (size_t At = Line.find(Marker); At != llvm::StringRef::npos;
       At = Line.find(Marker, At + 1)) {
    llvm::StringRef Rest = Line.substr(At + Marker.size());
    if (Marker == "NOLINT" && (startsWith(Rest, "NEXTLINE") ||
                               startsWith(Rest, "BEGIN") ||
                               startsWith(Rest, "END")))
      continue;
    if (!startsWith(Rest, "("))
      return true;
    size_t Close = Rest.find(')');
    if (Close != llvm::StringRef::npos &&
        namesCheck(Rest.substr(1, Close - 1), Name))
      return true;
  }
  return false;
}

/// True when the line of \p At has a NOLINT for the check, or the line
/// above a NOLINTNEXTLINE: a report whose leaking exit is silenced there.
static bool silencedAt(const SourceManager &SM, SourceLocation At,
                       llvm::StringRef Name) {
  if (At.isInvalid())
    return false;
  FileID File = SM.getFileID(At);
  bool Invalid = false;
  llvm::StringRef Text = SM.getBufferData(File, &Invalid);
  if (Invalid)
    return false;
  unsigned Line = SM.getLineNumber(File, SM.getFileOffset(At));
  auto LineText = [&](unsigned N) -> llvm::StringRef {
    if (N == 0)
      return "";
    SourceLocation Start = SM.translateLineCol(File, N, 1);
    llvm::StringRef From = Text.substr(SM.getFileOffset(Start));
    return From.take_until([](char C) { return C == '\n'; });
  };
  return hasNolint(LineText(Line), "NOLINT", Name) ||
         hasNolint(LineText(Line - 1), "NOLINTNEXTLINE", Name);
}

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
  if (V.Signals.empty() && !V.SignalledElsewhere)
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

void UnreapedChildCheck::reportStart(const StartFacts &F) {
  ASTContext &Ctx = *Unit->astContext();
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Loc = SM.getExpansionLoc(F.Loc);
  std::string Name = F.Var ? ("'" + F.Var->getName() + "' ").str() : "";

  if (F.Discarded && !F.EverResolved) {
    diag(Loc, "child process started by '%0' is discarded and can never be "
              "reaped")
        << F.Api;
    noteCoverGap(F);
    return;
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
    return;
  }
  if (!F.EverResolved) {
    diag(Loc, "child process %0started by '%1' is never reaped")
        << Name << F.Api;
    noteDetach(F, Name);
    noteCoverGap(F);
    return;
  }
  // NOLINT on the exit the note points to silences the report, as on the
  // start (the driver then lists the site leaked-unreported).
  if (silencedAt(SM, SM.getExpansionLoc(F.LeakLoc), OwnName))
    return;
  diag(Loc, "child process %0started by '%1' is not reaped on every path")
      << Name << F.Api;
  noteDetach(F, Name);
  notePath(F);
  noteLeak(F, Name);
  noteCoverGap(F);
}

/// Why a SIGCHLD ignore or handler of the program does not cover \p F: it
/// is undone before the child may exit, or it reaps another group.
void UnreapedChildCheck::noteCoverGap(const StartFacts &F) {
  const SourceManager &SM = Unit->astContext()->getSourceManager();
  if (F.UndoneIgnore)
    diag(SM.getExpansionLoc(F.UndoneIgnore->getBeginLoc()),
         "SIGCHLD is ignored here, but this function puts it back before it "
         "returns: a child still running then becomes a zombie when it exits",
         DiagnosticIDs::Note);
  if (F.LeavesGroupAt.isValid())
    diag(SM.getExpansionLoc(F.LeavesGroupAt),
         "the child leaves its parent's process group here, and the "
         "program's reapers wait only for children of that group",
         DiagnosticIDs::Note);
}

void UnreapedChildCheck::noteLeak(const StartFacts &F, StringRef Name) {
  const SourceManager &SM = Unit->astContext()->getSourceManager();
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
}

} // namespace reapcheck
