//===--- ProcessApiModel.cpp - What each process API does to a child ------===//

#include "ProcessApiModel.h"
#include "AstHelpers.h"
#include "Summaries.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/IdentifierTable.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include <algorithm>

using namespace clang;

namespace reapcheck {

namespace {
struct Row {
  const char *Name;
  CallRole Role;
  int Arg;
  HandleKind Kind;
  int HandleArg;
  bool ReturnsStatus;
  /// The call returns another handle of the child named by argument Arg.
  bool Duplicates;
  /// The argument holding a wait's options: with WNOHANG the wait is a poll
  /// whose result says whether it reaped (see CallRole::Poll).  -1: none.
  int OptionsArg;
};
} // namespace

// The model.  Arg is the argument the role concerns (-1: all of them).
static const Row BuiltinRows[] = {
    // Starts: the handle is the return value unless HandleArg says otherwise.
    {"fork", CallRole::Start, -1, HandleKind::Pid, -1, false, false, -1},
    {"vfork", CallRole::Start, -1, HandleKind::Pid, -1, false, false, -1},
    {"_Fork", CallRole::Start, -1, HandleKind::Pid, -1, false, false, -1},
    {"clone", CallRole::Start, -1, HandleKind::Pid, -1, false, false, -1},
    {"forkpty", CallRole::Start, -1, HandleKind::Pid, -1, false, false, -1},
    {"posix_spawn", CallRole::Start, -1, HandleKind::Pid, 0, true, false, -1},
    {"posix_spawnp", CallRole::Start, -1, HandleKind::Pid, 0, true, false, -1},
    {"popen", CallRole::Start, -1, HandleKind::Stream, -1, false, false, -1},
    // Boost.Process v1 spawn(): a detached child nobody holds.
    {"boost::process::spawn", CallRole::Start, -1, HandleKind::Pid, -1, false,
     false, -1},
    {"boost::process::v1::spawn", CallRole::Start, -1, HandleKind::Pid, -1,
     false, false, -1},
    // syscall() starts only for SYS_fork and friends: see startOf().
    {"syscall", CallRole::Start, -1, HandleKind::Pid, -1, false, false, -1},
    // Reaps of one handle.  waitpid/wait4 with a pid <= 0 and waitid with
    // P_ALL or P_PGID reap any child instead: see isReapAny().
    {"waitpid", CallRole::Reap, 0, HandleKind::Pid, -1, false, false, 2},
    {"wait4", CallRole::Reap, 0, HandleKind::Pid, -1, false, false, 2},
    {"waitid", CallRole::Reap, 1, HandleKind::Pid, -1, false, false, -1},
    {"pclose", CallRole::Reap, 0, HandleKind::Stream, -1, false, false, -1},
    {"wait", CallRole::ReapAny, -1, HandleKind::Pid, -1, false, false, -1},
    {"wait3", CallRole::ReapAny, -1, HandleKind::Pid, -1, false, false, -1},
    // Signals do not reap.
    {"kill", CallRole::Signal, 0, HandleKind::Pid, -1, false, false, -1},
    {"killpg", CallRole::Signal, 0, HandleKind::Pid, -1, false, false, -1},
    {"sigqueue", CallRole::Signal, 0, HandleKind::Pid, -1, false, false, -1},
    {"tgkill", CallRole::Signal, -1, HandleKind::Pid, -1, false, false, -1},
    {"pidfd_send_signal", CallRole::Signal, -1, HandleKind::Pid, -1, false,
     false, -1},
    // Harmless uses, listed so that a prototype the user declares himself
    // (outside a system header) is still understood.
    {"setpgid", CallRole::Harmless, -1, HandleKind::Pid, -1, false, false, -1},
    {"getpgid", CallRole::Harmless, -1, HandleKind::Pid, -1, false, false, -1},
    {"getsid", CallRole::Harmless, -1, HandleKind::Pid, -1, false, false, -1},
    {"tcsetpgrp", CallRole::Harmless, -1, HandleKind::Pid, -1, false, false,
     -1},
    {"sched_setaffinity", CallRole::Harmless, -1, HandleKind::Pid, -1, false,
     false, -1},
    {"sched_getaffinity", CallRole::Harmless, -1, HandleKind::Pid, -1, false,
     false, -1},
    {"sched_setscheduler", CallRole::Harmless, -1, HandleKind::Pid, -1, false,
     false, -1},
    {"sched_getscheduler", CallRole::Harmless, -1, HandleKind::Pid, -1, false,
     false, -1},
    {"sched_setparam", CallRole::Harmless, -1, HandleKind::Pid, -1, false,
     false, -1},
    {"sched_getparam", CallRole::Harmless, -1, HandleKind::Pid, -1, false,
     false, -1},
    {"prlimit", CallRole::Harmless, -1, HandleKind::Pid, -1, false, false, -1},
    {"ptrace", CallRole::Harmless, -1, HandleKind::Pid, -1, false, false, -1},
    {"setpriority", CallRole::Harmless, -1, HandleKind::Pid, -1, false, false,
     -1},
    // pidfd_open(pid, 0) returns another handle of the same child.
    {"pidfd_open", CallRole::Harmless, 0, HandleKind::Pid, -1, false, true, -1},
    // fclose on a popen stream is its own diagnostic.
    {"fclose", CallRole::Fclose, 0, HandleKind::Stream, -1, false, false, -1},
    {"signal", CallRole::SigchldIgnore, -1, HandleKind::Pid, -1, false, false,
     -1},
    {"sysv_signal", CallRole::SigchldIgnore, -1, HandleKind::Pid, -1, false,
     false, -1},
    {"bsd_signal", CallRole::SigchldIgnore, -1, HandleKind::Pid, -1, false,
     false, -1},
};

ProcessApiModel::ProcessApiModel() {
  for (const Row &R : BuiltinRows) {
    StartSpec S;
    S.Kind = R.Kind;
    S.HandleArg = R.HandleArg;
    S.ReturnsStatus = R.ReturnsStatus;
    Table[R.Name] = Entry{R.Role, R.Arg, S, R.Duplicates, R.OptionsArg};
  }
}

/// Splits `name` or `name:ARG`; qualified names keep their `::`.
static std::optional<std::string> parseEntry(llvm::StringRef Item,
                                             std::string &Name, int &Arg) {
  Arg = -1;
  Item.consume_front("::"); // A leading :: names the global namespace.
  Name = Item.str();
  size_t Colon = Item.rfind(':');
  if (Colon != llvm::StringRef::npos &&
      (Colon == 0 || Item[Colon - 1] != ':')) {
    llvm::StringRef Index = Item.substr(Colon + 1);
    unsigned Value = 0;
    if (Index.empty() || Index.getAsInteger(10, Value) || Value > 64)
      return "'" + Item.str() +
             "': the argument index after ':' must be a "
             "number from 0 to 64";
    Arg = static_cast<int>(Value);
    Name = Item.substr(0, Colon).str();
  }
  llvm::StringRef N(Name);
  if (N.empty())
    return "'" + Item.str() + "': missing function name";
  bool Ok = N.front() != ':' && N.back() != ':';
  for (char C : N)
    Ok &= (isalnum(static_cast<unsigned char>(C)) || C == '_' || C == ':' ||
           C == '~');
  if (!Ok || isdigit(static_cast<unsigned char>(N[0])))
    return "'" + Item.str() +
           "' is not a function name (expected 'name' or "
           "'name:ARG', qualified names allowed)";
  return std::nullopt;
}

std::optional<std::string> ProcessApiModel::addEntries(llvm::StringRef Spec,
                                                       CallRole Role) {
  llvm::SmallVector<llvm::StringRef, 8> Items;
  Spec.split(Items, ';', -1, /*KeepEmpty=*/false);
  llvm::SmallVector<std::pair<std::string, Entry>, 8> Parsed;
  for (llvm::StringRef Raw : Items) {
    llvm::StringRef Item = Raw.trim();
    if (Item.empty())
      continue;
    std::string Name;
    int Arg;
    if (auto Error = parseEntry(Item, Name, Arg))
      return Error;
    if (Name.compare(0, 2, "::") == 0)
      Name.erase(0, 2);
    Entry E{Role, Arg, StartSpec(), false, -1};
    if (Role == CallRole::Start) {
      E.Start.HandleArg = Arg;
      E.Arg = -1;
    } else if (Role == CallRole::Reap && Arg < 0) {
      E.Arg = 0;
    }
    Parsed.emplace_back(Name, E);
  }
  for (auto &P : Parsed)
    Table[P.first] = P.second;
  return std::nullopt;
}

std::optional<std::string> ProcessApiModel::addStarts(llvm::StringRef Spec) {
  return addEntries(Spec, CallRole::Start);
}
std::optional<std::string> ProcessApiModel::addReaps(llvm::StringRef Spec) {
  return addEntries(Spec, CallRole::Reap);
}
std::optional<std::string> ProcessApiModel::addHarmless(llvm::StringRef Spec) {
  return addEntries(Spec, CallRole::Harmless);
}

std::vector<std::string> ProcessApiModel::startNames() const {
  std::vector<std::string> Names;
  for (const auto &E : Table)
    if (E.second.Role == CallRole::Start)
      Names.push_back("::" + E.first().str());
  std::sort(Names.begin(), Names.end());
  return Names;
}

std::string ProcessApiModel::lookupName(const FunctionDecl &FD) {
  return FD.getQualifiedNameAsString();
}

const ProcessApiModel::Entry *
ProcessApiModel::find(const FunctionDecl &FD) const {
  auto It = Table.find(lookupName(FD));
  if (It != Table.end())
    return &It->second;
  return nullptr;
}

/// The text a macro argument was written as, e.g. "SYS_fork".
static llvm::StringRef writtenText(const Expr &E, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Range = SM.getExpansionRange(E.getSourceRange());
  return Lexer::getSourceText(Range, SM, Ctx.getLangOpts());
}

/// "fork", "vfork", "clone" or "clone3" when \p Number, syscall()'s first
/// argument, names that system call: written `SYS_clone3` or `__NR_fork`,
/// or through a macro of the project (`#define my_fork() syscall(SYS_fork)`,
/// `#define SYSNUM SYS_fork`), found among the macros it was expanded from.
static llvm::StringRef startingSyscall(const Expr &Number,
                                       const ASTContext &Ctx) {
  auto Known = [](llvm::StringRef Name) {
    Name = Name.trim();
    if (!Name.consume_front("SYS_") && !Name.consume_front("__NR_"))
      return llvm::StringRef();
    return Name == "fork" || Name == "vfork" || Name == "clone" ||
                   Name == "clone3"
               ? Name
               : llvm::StringRef();
  };
  if (llvm::StringRef Name = Known(writtenText(Number, Ctx)); !Name.empty())
    return Name;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Loc = Number.IgnoreParenImpCasts()->getBeginLoc();
  for (unsigned Depth = 0; Loc.isMacroID() && Depth < 16; ++Depth) {
    llvm::StringRef Name =
        Known(Lexer::getImmediateMacroName(Loc, SM, Ctx.getLangOpts()));
    if (!Name.empty())
      return Name;
    Loc = SM.getImmediateMacroCallerLoc(Loc);
  }
  return llvm::StringRef();
}

static std::optional<llvm::APSInt> intValue(const Expr *E,
                                            const ASTContext &Ctx) {
  if (!E || E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->IgnoreParenImpCasts()->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt();
}

/// True when \p E is a null pointer constant.
static bool isNullAddress(const Expr *E, const ASTContext &Ctx) {
  return E && !E->isValueDependent() &&
         E->isNullPointerConstant(const_cast<ASTContext &>(Ctx),
                                  Expr::NPC_ValueDependentIsNotNull);
}

/// True when \p E is an address written as a constant (`NULL`,
/// `(char *) 1`): no object of the process lives there.
static bool isConstantAddress(const Expr *E, const ASTContext &Ctx) {
  if (!E || E->isValueDependent())
    return false;
  if (isNullAddress(E, Ctx))
    return true;
  const Expr *Inner = E->IgnoreParenCasts();
  return Inner->getType()->isIntegerType() && intValue(Inner, Ctx).has_value();
}

/// CLONE_THREAD in <linux/sched.h>.
static constexpr uint64_t CloneThread = 0x00010000;

/// True when a clone can never start a child because of an argument: the
/// kernel fails clone3() with EFAULT when its `struct clone_args` pointer is
/// a constant address (a probe such as bubblewrap's `WRONG_POINTER`), and
/// glibc's clone() fails with EINVAL when `fn` or `stack` is NULL; a clone
/// with CLONE_THREAD in its constant flags makes a thread.
/// \p First is the index of the API's first argument (1 under syscall()).
static bool failsByArgument(const CallExpr &Call, llvm::StringRef Name,
                            unsigned First, const ASTContext &Ctx) {
  auto Arg = [&](unsigned I) {
    return First + I < Call.getNumArgs() ? Call.getArg(First + I) : nullptr;
  };
  if (Name == "clone3")
    return isConstantAddress(Arg(0), Ctx);
  if (Name != "clone")
    return false;
  // CLONE_THREAD makes a thread of the caller's process, not a child to
  // reap (it sends no signal and cannot be waited for).
  const Expr *Flags = Arg(First == 0 ? 2 : 0);
  if (auto Value = Flags ? intValue(Flags, Ctx) : std::nullopt;
      Value && (Value->getZExtValue() & CloneThread))
    return true;
  return First == 0 &&
         (isNullAddress(Arg(0), Ctx) || isNullAddress(Arg(1), Ctx));
}

std::optional<StartSpec> ProcessApiModel::startOf(const CallExpr &Call,
                                                  const ASTContext &Ctx) const {
  const FunctionDecl *FD = Call.getDirectCallee();
  if (!FD)
    return std::nullopt;
  const Entry *E = find(*FD);
  if (!E || E->Role != CallRole::Start)
    return std::nullopt;
  StartSpec S = E->Start;
  if (FD->getName() == "syscall" && FD->getDeclContext()->isTranslationUnit()) {
    if (Call.getNumArgs() == 0)
      return std::nullopt;
    llvm::StringRef Text = startingSyscall(*Call.getArg(0), Ctx);
    if (Text.empty())
      return std::nullopt;
    if (failsByArgument(Call, Text, 1, Ctx))
      return std::nullopt;
    return S;
  }
  if (FD->getIdentifier() && failsByArgument(Call, FD->getName(), 0, Ctx))
    return std::nullopt;
  if (S.HandleArg >= 0) {
    if (static_cast<unsigned>(S.HandleArg) >= Call.getNumArgs())
      return std::nullopt;
  } else if (FD->getReturnType()->isPointerType()) {
    S.Kind = HandleKind::Stream;
  }
  return S;
}

/// WNOHANG's value in <sys/wait.h> (every Linux architecture).
static constexpr int64_t Wnohang = 1;

/// True when \p Call, a wait described by \p E, passes WNOHANG: it returns
/// 0 without reaping while the child runs.  Options that do not fold to a
/// constant count as a blocking wait.
static bool isPoll(const CallExpr &Call, const ProcessApiModel::Entry &E,
                   const ASTContext &Ctx) {
  if (E.OptionsArg < 0 ||
      static_cast<unsigned>(E.OptionsArg) >= Call.getNumArgs())
    return false;
  auto Options = intValue(Call.getArg(E.OptionsArg), Ctx);
  return Options && (Options->getExtValue() & Wnohang);
}

CallRole ProcessApiModel::roleForArg(const CallExpr &Call, unsigned ArgIndex,
                                     const ASTContext &Ctx) const {
  const FunctionDecl *FD = Call.getDirectCallee();
  if (!FD)
    return CallRole::Unknown;
  const Entry *E = find(*FD);
  if (!E)
    return CallRole::Unknown;
  switch (E->Role) {
  case CallRole::Reap:
    if (static_cast<int>(ArgIndex) != E->Arg)
      return CallRole::Harmless;
    // waitid(P_PID, pid, ...) and waitid(P_PIDFD, pidfd, ...) are the forms
    // that name one child.
    if (FD->getName() == "waitid" && Call.getNumArgs() > 0) {
      auto IdType = intValue(Call.getArg(0), Ctx);
      if (!IdType || (*IdType != 1 /*P_PID*/ && *IdType != 3 /*P_PIDFD*/))
        return CallRole::Harmless;
    }
    return isPoll(Call, *E, Ctx) ? CallRole::Poll : CallRole::Reap;
  case CallRole::Signal:
  case CallRole::Fclose:
    if (E->Arg >= 0 && static_cast<int>(ArgIndex) != E->Arg)
      return CallRole::Harmless;
    return E->Role;
  case CallRole::Harmless:
    if (E->Arg >= 0 && static_cast<int>(ArgIndex) != E->Arg)
      return CallRole::Unknown;
    return CallRole::Harmless;
  case CallRole::ReapAny:
  case CallRole::SigchldIgnore:
    return CallRole::Harmless;
  case CallRole::Start:
    // A start receiving a handle (posix_spawn(&pid) of its own) is decided
    // by the analysis.
    return CallRole::Unknown;
  case CallRole::Poll: // A Reap row's wait with WNOHANG, never a row's role.
  case CallRole::Unknown:
    break;
  }
  return CallRole::Unknown;
}

std::optional<unsigned>
ProcessApiModel::duplicatedHandleArg(const CallExpr &Call) const {
  const FunctionDecl *FD = Call.getDirectCallee();
  const Entry *E = FD ? find(*FD) : nullptr;
  if (!E || !E->Duplicates || E->Arg < 0 ||
      static_cast<unsigned>(E->Arg) >= Call.getNumArgs())
    return std::nullopt;
  return static_cast<unsigned>(E->Arg);
}

const Expr *ProcessApiModel::parentTidSource(const CallExpr &Call,
                                             const ASTContext &Ctx,
                                             bool &IsCloneArgs) const {
  const FunctionDecl *FD = Call.getDirectCallee();
  if (!FD || !FD->getIdentifier() || !startOf(Call, Ctx))
    return nullptr;
  llvm::StringRef Name = FD->getName();
  unsigned First = 0;
  if (Name == "syscall") {
    Name = startingSyscall(*Call.getArg(0), Ctx);
    First = 1;
  }
  // clone(fn, stack, flags, arg, parent_tid, tls, child_tid) in glibc;
  // the raw syscall on x86 takes (flags, stack, parent_tid, child_tid, tls).
  unsigned Index = Name == "clone3" ? 0 : First ? 2 : 4;
  if ((Name != "clone" && Name != "clone3") ||
      Call.getNumArgs() <= First + Index)
    return nullptr;
  IsCloneArgs = Name == "clone3";
  return Call.getArg(First + Index);
}

bool ProcessApiModel::isReapAny(const CallExpr &Call,
                                const ASTContext &Ctx) const {
  const FunctionDecl *FD = Call.getDirectCallee();
  if (!FD)
    return false;
  const Entry *E = find(*FD);
  if (!E)
    return false;
  if (E->Role == CallRole::ReapAny)
    return true;
  if (E->Role != CallRole::Reap || Call.getNumArgs() == 0)
    return false;
  llvm::StringRef Name = FD->getName();
  if (Name == "waitpid" || Name == "wait4") {
    auto Pid = intValue(Call.getArg(0), Ctx);
    return Pid && Pid->isSigned() ? Pid->getSExtValue() <= 0
                                  : Pid && Pid->getZExtValue() == 0;
  }
  if (Name == "waitid") {
    auto IdType = intValue(Call.getArg(0), Ctx);
    return IdType && (*IdType == 0 /*P_ALL*/ || *IdType == 2 /*P_PGID*/);
  }
  return false;
}

bool ProcessApiModel::reapsEveryChild(const CallExpr &Call,
                                      const ASTContext &Ctx) const {
  if (!isReapAny(Call, Ctx))
    return false;
  llvm::StringRef Name = Call.getDirectCallee()->getName();
  if (Name == "waitpid" || Name == "wait4") {
    auto Pid = intValue(Call.getArg(0), Ctx);
    return Pid && Pid->getSExtValue() == -1;
  }
  if (Name == "waitid") {
    auto IdType = intValue(Call.getArg(0), Ctx);
    return IdType && *IdType == 0 /*P_ALL*/;
  }
  return true;
}

bool ProcessApiModel::isPollingWait(const CallExpr &Call,
                                    const ASTContext &Ctx) const {
  const FunctionDecl *FD = Call.getDirectCallee();
  const Entry *E = FD ? find(*FD) : nullptr;
  return E && isPoll(Call, *E, Ctx);
}

std::string ProcessApiModel::apiName(const CallExpr &Call) {
  const FunctionDecl *FD = Call.getDirectCallee();
  if (!FD)
    return "?";
  std::string Qualified = FD->getQualifiedNameAsString();
  if (llvm::StringRef(Qualified).substr(0, 7) == "boost::")
    return Qualified;
  return FD->getNameAsString();
}

std::optional<std::string>
ProcessApiModel::startOfConstruct(const CXXConstructExpr &Construct) const {
  const CXXConstructorDecl *Ctor = Construct.getConstructor();
  if (!Ctor || Construct.getNumArgs() == 0)
    return std::nullopt;
  const CXXRecordDecl *Class = Ctor->getParent();
  if (!isBoostProcessClass(*Class))
    return std::nullopt;
  std::string Name = Class->getQualifiedNameAsString();
  if (Name == "boost::process::child" || Name == "boost::process::v1::child") {
    // The launching constructor is the variadic template; child(pid_t)
    // attaches without owning, the move constructor transfers.
    if (!Ctor->isTemplateInstantiation() || Ctor->isCopyOrMoveConstructor())
      return std::nullopt;
    return std::string("boost::process::child");
  }
  if (Name == "boost::process::v2::basic_process") {
    // Launching constructors take the executable; the others attach to a
    // pid or move.
    for (const ParmVarDecl *P : Ctor->parameters())
      if (P->getName() == "exe")
        return std::string("boost::process::v2::process");
    return std::nullopt;
  }
  return std::nullopt;
}

ProcessApiModel::MemberEffect
ProcessApiModel::memberEffect(llvm::StringRef Name) {
  if (Name == "wait" || Name == "wait_for" || Name == "wait_until" ||
      Name == "terminate" || Name == "join" || Name == "async_wait")
    return MemberEffect::Reap;
  if (Name == "detach")
    return MemberEffect::Detach;
  return MemberEffect::Other;
}

bool ProcessApiModel::isErrorCode(QualType T) {
  const auto *Record = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!Record)
    return false;
  std::string Name = Record->getQualifiedNameAsString();
  return Name == "std::error_code" || Name == "boost::system::error_code";
}

//===----------------------------------------------------------------------===//
// Names the matchers test, compared by identifier.
//===----------------------------------------------------------------------===//

void CalleeNameSet::add(llvm::StringRef Name) {
  llvm::StringRef Last = Name.rsplit("::").second;
  Names.push_back((Last.empty() ? Name : Last).str());
  CachedFor = nullptr;
}

void CalleeNameSet::refresh(IdentifierTable &Table) const {
  if (CachedFor == &Table)
    return;
  Ids.clear();
  for (const std::string &Name : Names)
    Ids.insert(&Table.get(Name));
  CachedFor = &Table;
}

bool CalleeNameSet::contains(const IdentifierInfo *Name,
                             IdentifierTable &Table) const {
  if (!Name)
    return false;
  refresh(Table);
  return Ids.count(Name);
}

bool CalleeNameSet::contains(const FunctionDecl &FD) const {
  return contains(FD.getIdentifier(), FD.getASTContext().Idents);
}

void CalleeNameSet::forgetTranslationUnit() const {
  CachedFor = nullptr;
  Ids.clear();
}

static const char *const StreamOpenerNames[] = {
    "popen",   "fopen",    "fdopen",        "freopen",
    "tmpfile", "fmemopen", "open_memstream"};
static const char *const SignalInstallerNames[] = {"signal", "sigaction",
                                                   "bsd_signal", "sysv_signal"};
static const char *const ReapingLoopName = "ev_default_loop";

CalleeNameSet ProcessApiModel::streamOpeners() {
  CalleeNameSet Set;
  for (const char *Name : StreamOpenerNames)
    Set.add(Name);
  return Set;
}

CalleeNameSet ProcessApiModel::interestingCallees() const {
  CalleeNameSet Set;
  for (const std::string &Name : startNames())
    Set.add(Name);
  for (const char *Name : StreamOpenerNames)
    Set.add(Name);
  for (const char *Name : SignalInstallerNames)
    Set.add(Name);
  Set.add("fclose");
  Set.add(ReapingLoopName);
  return Set;
}

bool ProcessApiModel::isGlobalCFunction(const FunctionDecl &FD) {
  return FD.getIdentifier() &&
         FD.getDeclContext()->getRedeclContext()->isTranslationUnit();
}

bool ProcessApiModel::opensPipe(const FunctionDecl &FD) {
  return isGlobalCFunction(FD) && FD.getName() == "popen";
}

bool ProcessApiModel::isFclose(const FunctionDecl &FD) {
  return isGlobalCFunction(FD) && FD.getName() == "fclose";
}

bool ProcessApiModel::installsSignalHandler(const FunctionDecl &FD) {
  if (!isGlobalCFunction(FD))
    return false;
  return llvm::is_contained(SignalInstallerNames, FD.getName());
}

bool ProcessApiModel::startsReapingLoop(const FunctionDecl &FD) {
  return isGlobalCFunction(FD) && FD.getName() == ReapingLoopName;
}

bool ProcessApiModel::isBoostProcessClass(const CXXRecordDecl &Class) {
  const IdentifierInfo *Id = Class.getIdentifier();
  if (!Id || (Id->getName() != "child" && Id->getName() != "basic_process"))
    return false;
  std::string Name = Class.getQualifiedNameAsString();
  return Name == "boost::process::child" ||
         Name == "boost::process::v1::child" ||
         Name == "boost::process::v2::basic_process";
}

//===----------------------------------------------------------------------===//
// SIGCHLD.
//===----------------------------------------------------------------------===//

/// `1 << SIGCHLD`, alone or in a sum or union of such bits: a signal mask
/// with SIGCHLD in it (busybox's `bb_signals(1 << SIGCHLD, handler)`).
static bool hasSigchldBit(const Expr *E, unsigned Depth = 0) {
  const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  if (!BO || Depth > 16)
    return false;
  if (BO->getOpcode() == BO_Or || BO->getOpcode() == BO_Add)
    return hasSigchldBit(BO->getLHS(), Depth + 1) ||
           hasSigchldBit(BO->getRHS(), Depth + 1);
  if (BO->getOpcode() != BO_Shl)
    return false;
  const auto *One =
      dyn_cast<IntegerLiteral>(BO->getLHS()->IgnoreParenImpCasts());
  const auto *Bit =
      dyn_cast<IntegerLiteral>(BO->getRHS()->IgnoreParenImpCasts());
  return One && Bit && One->getValue() == 1 &&
         Bit->getValue() == SigchldOnLinux;
}

/// `SIG_IGN` as <signal.h> expands it: a cast of 1 to a handler pointer.
static bool isSigIgnValue(const Expr *E) {
  const auto *Cast = dyn_cast<CStyleCastExpr>(E->IgnoreParens());
  if (!Cast || !Cast->getType()->isFunctionPointerType())
    return false;
  const auto *One =
      dyn_cast<IntegerLiteral>(Cast->getSubExpr()->IgnoreParenImpCasts());
  return One && One->getValue() == 1;
}

/// `&sa` of a `struct sigaction`.
static const VarDecl *sigactionStructOf(const Expr *E) {
  const auto *Addr = dyn_cast<UnaryOperator>(E->IgnoreParenImpCasts());
  if (!Addr || Addr->getOpcode() != UO_AddrOf)
    return nullptr;
  const VarDecl *Struct = varOf(Addr->getSubExpr());
  const RecordDecl *Record =
      Struct ? Struct->getType()->getAsRecordDecl() : nullptr;
  return Record && Record->getIdentifier() && Record->getName() == "sigaction"
             ? Struct
             : nullptr;
}

bool ProcessApiModel::mayPassSigchldHandler(const CallExpr &Call) {
  if (Call.getNumArgs() < 2)
    return false;
  bool Signal = false, Handler = false;
  for (const Expr *Arg : Call.arguments()) {
    const Expr *E = Arg->IgnoreParenImpCasts();
    if (const auto *Lit = dyn_cast<IntegerLiteral>(E))
      Signal |= Lit->getValue() == SigchldOnLinux;
    else if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
      Handler |= isa<FunctionDecl>(Ref->getDecl());
    else if (isa<BinaryOperator>(E))
      Signal |= hasSigchldBit(E);
    else
      Handler |= isSigIgnValue(Arg) || sigactionStructOf(E);
  }
  return Signal && Handler;
}

bool ProcessApiModel::passesSigchldLiteral(const CallExpr &Call) {
  for (const Expr *Arg : Call.arguments())
    if (const auto *Lit = dyn_cast<IntegerLiteral>(Arg->IgnoreParenImpCasts()))
      if (Lit->getValue() == SigchldOnLinux)
        return true;
  return false;
}

std::optional<SigchldAction>
ProcessApiModel::handlerPassed(const CallExpr &Call, const Stmt *Body,
                               ASTContext &Ctx) const {
  bool Sigchld = false;
  for (const Expr *Arg : Call.arguments())
    Sigchld |= isSigchld(*Arg, Ctx) || hasSigchldBit(Arg);
  if (!Sigchld)
    return std::nullopt;
  SigchldAction Action;
  for (const Expr *Arg : Call.arguments()) {
    if (isSigIgnValue(Arg))
      Action.KernelReaps = true;
    else if (const FunctionDecl *Handler = functionNamedBy(Arg))
      Action.Handler = Handler;
    else if (const VarDecl *Struct = sigactionStructOf(Arg))
      if (Body)
        return actionOfStruct(*Struct, *Body, Ctx, &Call);
  }
  return Action;
}

bool ProcessApiModel::isSigchld(const Expr &Sig, ASTContext &Ctx) {
  llvm::StringRef Text = writtenText(Sig, Ctx).trim();
  if (Text == "SIGCHLD" || Text == "SIGCLD")
    return true;
  auto Value = intValue(&Sig, Ctx);
  return Value && *Value == SigchldOnLinux;
}

/// True when the source of \p E mentions a disposition that lets the kernel
/// reap children.
static bool saysKernelReaps(const Expr &E, ASTContext &Ctx) {
  llvm::StringRef Text = writtenText(E, Ctx);
  return Text.contains("SA_NOCLDWAIT") || Text.contains("SIG_IGN");
}

std::optional<SigchldAction>
ProcessApiModel::sigchldAction(const CallExpr &Call, const Stmt *Body,
                               ASTContext &Ctx) const {
  const FunctionDecl *FD = Call.getDirectCallee();
  if (!FD || Call.getNumArgs() < 2 || !installsSignalHandler(*FD) ||
      !isSigchld(*Call.getArg(0), Ctx))
    return std::nullopt;
  return installedAction(Call, Body, Ctx);
}

/// True when \p Body assigns \p Var, increments it or takes its address:
/// its value at a use may not be the one it came with.
static bool isWrittenIn(const VarDecl &Var, const Stmt *Body) {
  bool Written = false;
  walkStmts(Body, Closures::Enter, [&](const Stmt *S) {
    if (const auto *Assign = dyn_cast<BinaryOperator>(S))
      Written |= Assign->isAssignmentOp() && varOf(Assign->getLHS()) == &Var;
    else if (const auto *Unary = dyn_cast<UnaryOperator>(S))
      Written |= (Unary->isIncrementDecrementOp() ||
                  Unary->getOpcode() == UO_AddrOf) &&
                 varOf(Unary->getSubExpr()) == &Var;
    return !Written;
  });
  return Written;
}

std::optional<std::pair<unsigned, SigchldAction>>
ProcessApiModel::paramSignalAction(const CallExpr &Call,
                                   const FunctionDecl &Installer,
                                   const Stmt *Body, ASTContext &Ctx) const {
  const FunctionDecl *FD = Call.getDirectCallee();
  if (!FD || Call.getNumArgs() < 2 || !installsSignalHandler(*FD))
    return std::nullopt;
  const auto *Param = dyn_cast_or_null<ParmVarDecl>(varOf(Call.getArg(0)));
  if (!Param || Param->getDeclContext() != &Installer ||
      isWrittenIn(*Param, Body))
    return std::nullopt;
  SigchldAction Action = installedAction(Call, Body, Ctx);
  if (!Action.Handler && !Action.KernelReaps)
    return std::nullopt;
  return std::make_pair(Param->getFunctionScopeIndex(), Action);
}

SigchldAction ProcessApiModel::installedAction(const CallExpr &Call,
                                               const Stmt *Body,
                                               ASTContext &Ctx) const {
  const FunctionDecl *FD = Call.getDirectCallee();
  SigchldAction Action;
  if (FD->getName() != "sigaction") {
    Action.KernelReaps = writtenText(*Call.getArg(1), Ctx).trim() == "SIG_IGN";
    Action.Handler = functionNamedBy(Call.getArg(1));
    return Action;
  }
  const auto *Addr = dyn_cast<UnaryOperator>(skipTransparent(Call.getArg(1)));
  if (!Addr || Addr->getOpcode() != UO_AddrOf)
    return Action;
  const VarDecl *Struct = varOf(Addr->getSubExpr());
  if (!Struct || !Body)
    return Action;
  return actionOfStruct(*Struct, *Body, Ctx, &Call);
}

SigchldAction ProcessApiModel::actionOfStruct(const VarDecl &Struct,
                                              const Stmt &Body, ASTContext &Ctx,
                                              const Expr *Install) const {
  SigchldAction Action;
  if (Struct.getInit() && saysKernelReaps(*Struct.getInit(), Ctx))
    Action.KernelReaps = true;
  // sa.sa_flags = SA_NOCLDWAIT; sa.sa_handler = h (a glibc macro for a
  // nested member, named by the outermost member).  One struct often
  // serves several signals (neomutt sets SIG_IGN for SIGPIPE, then a dummy
  // handler for SIGCHLD): the last assignment of each member before the
  // install counts, or, with none before it, the last in the body.
  const SourceManager &SM = Ctx.getSourceManager();
  auto Before = [&](SourceLocation A) {
    return !Install || SM.isBeforeInTranslationUnit(
                           SM.getExpansionLoc(A),
                           SM.getExpansionLoc(Install->getBeginLoc()));
  };
  const Expr *Handler[2] = {nullptr, nullptr}, *Flags[2] = {nullptr, nullptr};
  walkStmts(&Body, Closures::Enter, [&](const Stmt *S) {
    const auto *Assign = dyn_cast<BinaryOperator>(S);
    if (!Assign || !Assign->isAssignmentOp())
      return true;
    const Expr *Lhs = skipTransparent(Assign->getLHS());
    const auto *Outer = dyn_cast<MemberExpr>(Lhs);
    const Expr *Base = Lhs;
    while (const auto *Member = dyn_cast<MemberExpr>(Base))
      Base = skipTransparent(Member->getBase());
    if (!Outer || varOf(Base) != &Struct ||
        !Outer->getMemberDecl()->getIdentifier())
      return true;
    StringRef Name = Outer->getMemberDecl()->getName();
    unsigned When = Before(Assign->getBeginLoc()) ? 0 : 1;
    if (Name == "sa_handler" || Name == "sa_sigaction")
      Handler[When] = Assign->getRHS();
    else if (Name == "sa_flags")
      Flags[When] = Assign->getRHS();
    return true;
  });
  const Expr *H = Handler[0] ? Handler[0] : Handler[1];
  const Expr *F = Flags[0] ? Flags[0] : Flags[1];
  if ((H && saysKernelReaps(*H, Ctx)) || (F && saysKernelReaps(*F, Ctx)))
    Action.KernelReaps = true;
  if (H)
    Action.Handler = functionNamedBy(H);
  return Action;
}

bool ProcessApiModel::reapsAnyChild(const FunctionDecl *FD, ASTContext &Ctx,
                                    SummaryProvider *Summaries) const {
  // The handler and what it calls directly, two levels deep: handlers call
  // a reap_children() helper.
  llvm::SmallVector<std::pair<const FunctionDecl *, unsigned>, 4> Work{{FD, 0}};
  llvm::SmallPtrSet<const FunctionDecl *, 8> Seen;
  while (!Work.empty()) {
    const FunctionDecl *F = Work.back().first;
    const unsigned Depth = Work.back().second;
    Work.pop_back();
    const FunctionDecl *Def = nullptr;
    if (!F || Depth > 2 || !F->hasBody(Def) || !Def || !Seen.insert(Def).second)
      continue;
    bool Found = false;
    walkStmts(Def->getBody(), Closures::Enter, [&](const Stmt *S) {
      if (Found)
        return false;
      if (const auto *Call = dyn_cast<CallExpr>(S)) {
        if (isReapAny(*Call, Ctx) ||
            (Summaries && Summaries->callReapsAny(*Call, Ctx)))
          Found = true;
        else
          Work.push_back({Call->getDirectCallee(), Depth + 1});
      }
      return true;
    });
    if (Found)
      return true;
  }
  return false;
}

bool ProcessApiModel::isFormattedArgument(const FunctionDecl *FD,
                                          unsigned ArgIndex) {
  if (!FD || !FD->isVariadic())
    return false;
  const auto *Format = FD->getAttr<FormatAttr>();
  // FirstArg counts from 1, and counts `this` of an instance method; 0 means
  // a va_list, not variadic arguments.
  if (!Format || Format->getFirstArg() <= 0)
    return false;
  unsigned First = Format->getFirstArg() - 1;
  if (const auto *Method = dyn_cast<CXXMethodDecl>(FD);
      Method && Method->isInstance())
    --First;
  return ArgIndex >= First;
}

bool ProcessApiModel::takesNoOwnership(const FunctionDecl *FD,
                                       unsigned ArgIndex, ASTContext &Ctx) {
  if (isFormattedArgument(FD, ArgIndex))
    return true;
  if (!FD || !Ctx.getSourceManager().isInSystemHeader(FD->getLocation()))
    return false;
  if (!Ctx.getLangOpts().CPlusPlus || FD->isExternC() ||
      FD->isInExternCContext())
    return true;
  // A C++ library function taking the pid by value cannot keep it unless it
  // is a member or constructor (containers): std::to_string, std::abs...
  if (isa<CXXMethodDecl>(FD) || ArgIndex >= FD->getNumParams())
    return false;
  QualType T = FD->getParamDecl(ArgIndex)->getType();
  return T->isArithmeticType() && !T->isReferenceType();
}

} // namespace reapcheck
